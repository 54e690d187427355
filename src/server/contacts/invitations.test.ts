import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { contacts } from '../db/schema';

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

  it('gives the owner the contact and a signed link at PUBLIC_URL/invite', async () => {
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
    expect(link.searchParams.get('ref')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("hides a stranger's contact (404) and refuses a foreign userId (403)", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const contact = await createContact(t.db, owner);
    expect((await get(stranger, contact.id)).statusCode).toBe(404);
    expect((await get(owner, contact.id, `?userId=${stranger.id}`)).statusCode).toBe(403);
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
