import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { contacts } from '../db/schema';
import { invitationTokenHash } from './invitation-link';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readContact = async (id: string) => (await t.db.select().from(contacts).where(eq(contacts.id, id)))[0];

describe('GET /api/contacts/invitation/:contactId', () => {
  const get = (user: { id: string } | null, contactId: string, query = '') =>
    t.request(user, { method: 'GET', url: `/api/contacts/invitation/${contactId}${query}` });

  it('answers 401 when signed out', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await get(null, contact.id)).statusCode).toBe(401);
  });

  it('gives the owner the contact and a short link at PUBLIC_URL/invite, its token kept on the contact', async () => {
    const owner = await createUser(t.db, { name: 'Alice Owner' });
    const contact = await createContact(t.db, owner, { name: 'Carol', email: 'carol@example.test' });
    const response = await get(owner, contact.id, `?userId=${owner.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      contactId: contact.id,
      contactName: 'Carol',
      contactPhone: contact.phone,
      contactEmail: 'carol@example.test',
      inviterName: 'Alice Owner',
    });
    const link = new URL(body.invitationLink);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:3000/invite');
    const ref = link.searchParams.get('ref');
    expect(ref).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(body.invitationLink.length).toBeLessThan(60);
    // Also with a typical production address, the link fits a text message line.
    expect(new URL(`/invite?ref=${ref}`, 'https://lendloop.example.org').href.length).toBeLessThan(60);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const stored = await readContact(contact.id);
    expect(stored).toMatchObject({
      invitationTokenHash: invitationTokenHash(ref ?? ''),
      invitationExpiresAt: new Date(body.expiresAt),
    });
    // Only its hash and seed are kept: the database alone opens no invitation (docs/decisions/0042).
    expect(JSON.stringify(stored)).not.toContain(ref);
  });

  it('keeps a still-valid token when asked again, renewing its expiry, so links already sent keep working', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    const refOf = (body: { invitationLink: string }) => new URL(body.invitationLink).searchParams.get('ref');
    const soon = new Date(Date.now() + 60_000);
    const first = (await get(owner, contact.id)).json();
    await t.db.update(contacts).set({ invitationExpiresAt: soon }).where(eq(contacts.id, contact.id));
    const again = (await get(owner, contact.id)).json();
    expect(refOf(again)).toBe(refOf(first));
    expect(new Date(again.expiresAt).getTime()).toBeGreaterThan(soon.getTime() + 29 * 86_400_000);
    // Two dialogs opened at once share one token (one UPDATE under the row lock).
    const [a, b] = await Promise.all([get(owner, contact.id), get(owner, contact.id)]);
    expect(refOf(a.json())).toBe(refOf(first));
    expect(refOf(b.json())).toBe(refOf(first));
  });

  it('replaces an expired token with a new one', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    const first = new URL((await get(owner, contact.id)).json().invitationLink).searchParams.get('ref');
    const seed = (await readContact(contact.id))?.invitationSeed;
    await t.db
      .update(contacts)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(contacts.id, contact.id));
    const ref = new URL((await get(owner, contact.id)).json().invitationLink).searchParams.get('ref');
    expect(ref).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(ref).not.toBe(first);
    const stored = await readContact(contact.id);
    expect(stored?.invitationSeed).not.toBe(seed);
    expect(stored?.invitationTokenHash).toBe(invitationTokenHash(ref ?? ''));
  });

  it('honours a link sent before only hashes were kept (no seed) until it expires; asking again issues a new one', async () => {
    const owner = await createUser(t.db);
    const legacyRef = 'Legacy000001';
    // As migration 0024 leaves such a row: the hash of the old plain ref, no seed.
    const contact = await createContact(t.db, owner, {
      invitationTokenHash: invitationTokenHash(legacyRef),
      invitationExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const preview = await t.request(null, { method: 'GET', url: `/api/referral/preview?ref=${legacyRef}` });
    expect(preview.statusCode).toBe(200);
    const ref = new URL((await get(owner, contact.id)).json().invitationLink).searchParams.get('ref');
    expect(ref).not.toBe(legacyRef);
    expect((await t.request(null, { method: 'GET', url: `/api/referral/preview?ref=${ref}` })).statusCode).toBe(200);
  });

  it('gives different contacts different tokens', async () => {
    const owner = await createUser(t.db);
    const refs = new Set<string | null>();
    for (let i = 0; i < 5; i++) {
      const contact = await createContact(t.db, owner);
      refs.add(new URL((await get(owner, contact.id)).json().invitationLink).searchParams.get('ref'));
    }
    expect(refs.size).toBe(5);
  });

  it("hides a stranger's contact (404) and refuses a foreign userId (403)", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await get(stranger, contact.id)).statusCode).toBe(404);
    expect((await get(owner, contact.id, `?userId=${stranger.id}`)).statusCode).toBe(403);
    expect((await readContact(contact.id))?.invitationTokenHash).toBeNull();
  });

  it('has nothing to invite for an active contact (409)', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db);
    const contact = await createContact(t.db, owner, { contactUserId: bob.id });
    const response = await get(owner, contact.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('contact_already_active');
  });
});

describe('POST /api/contacts/invite', () => {
  const invite = (user: { id: string } | null, payload: object) =>
    t.request(user, { method: 'POST', url: '/api/contacts/invite', payload });

  it('answers 401 when signed out', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await invite(null, { contactId: contact.id, invitationMethod: 'whatsapp' })).statusCode).toBe(401);
    expect((await readContact(contact.id))?.status).toBe('pending');
  });

  it('records the method and marks the contact invited; a re-invite records again', async () => {
    const owner = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    const first = await invite(owner, { userId: owner.id, contactId: contact.id, invitationMethod: 'whatsapp' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'invited', invitationMethod: 'whatsapp' });
    const again = await invite(owner, { contactId: contact.id, invitationMethod: 'email' });
    expect(again.json()).toMatchObject({ status: 'invited', invitationMethod: 'email' });
    expect(new Date(again.json().invitedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(first.json().invitedAt).getTime(),
    );
  });

  it("refuses a stranger's contact (404), a foreign userId (403) and an unknown method (400)", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await invite(stranger, { contactId: contact.id, invitationMethod: 'email' })).statusCode).toBe(404);
    expect(
      (await invite(owner, { userId: stranger.id, contactId: contact.id, invitationMethod: 'email' })).statusCode,
    ).toBe(403);
    expect((await invite(owner, { contactId: contact.id, invitationMethod: 'pigeon' })).statusCode).toBe(400);
    expect((await readContact(contact.id))?.status).toBe('pending');
  });

  it('refuses to invite an active contact (409)', async () => {
    const owner = await createUser(t.db);
    const bob = await createUser(t.db);
    const contact = await createContact(t.db, owner, { contactUserId: bob.id });
    const response = await invite(owner, { contactId: contact.id, invitationMethod: 'link' });
    expect(response.statusCode).toBe(409);
    expect((await readContact(contact.id))?.status).toBe('active');
  });
});
