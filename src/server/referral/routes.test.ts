import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { derivedSecret } from '../config/derived-secret';
import { signInvitationToken } from '../contacts/invitation-token';
import { contacts } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The key links were signed with before short tokens (app.ts derives the same). */
const legacyKey = () => derivedSecret(t.config.sessionSecret, 'invitation-token');

const contactsOf = (userId: string) =>
  t.db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(contacts.createdAt);

/** Alice, her pending contact Carol, and the `ref` of the link Alice would send. */
async function invitation() {
  const alice = await createUser(t.db, { name: 'Alice', phone: '+41790001111', email: null });
  const contact = await createContact(t.db, alice, { name: 'Carol (from Alice)' });
  const response = await t.request(alice, { method: 'GET', url: `/api/contacts/invitation/${contact.id}` });
  const ref = new URL(response.json().invitationLink).searchParams.get('ref')!;
  return { alice, contact, ref };
}

const processAs = (user: { id: string } | null, referralData: string) =>
  t.request(user, { method: 'POST', url: '/api/referral/process', payload: { referralData } });

describe('POST /api/referral/process', () => {
  it('answers 401 when signed out', async () => {
    const { ref, contact } = await invitation();
    expect((await processAs(null, ref)).statusCode).toBe(401);
    expect((await contactsOf(contact.userId))[0]?.status).toBe('pending');
  });

  it("links the inviter's contact to the new user and adds the inviter to theirs, both active", async () => {
    const { alice, contact, ref } = await invitation();
    const carol = await createUser(t.db, { name: 'Carol' });
    const response = await processAs(carol, ref);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inviterName: 'Alice', linked: true });

    const [alicesContact] = await contactsOf(alice.id);
    expect(alicesContact).toMatchObject({ id: contact.id, contactUserId: carol.id, status: 'active' });
    const carolsContacts = await contactsOf(carol.id);
    expect(carolsContacts).toHaveLength(1);
    expect(carolsContacts[0]).toMatchObject({ contactUserId: alice.id, name: 'Alice', status: 'active' });
  });

  it('is idempotent: processing the same link again changes nothing', async () => {
    const { alice, ref } = await invitation();
    const carol = await createUser(t.db);
    await processAs(carol, ref);
    const before = [await contactsOf(alice.id), await contactsOf(carol.id)];
    const again = await processAs(carol, ref);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ inviterName: 'Alice', linked: false });
    expect([await contactsOf(alice.id), await contactsOf(carol.id)]).toEqual(before);
  });

  it('refuses the link replayed by a third user, changing nothing', async () => {
    const { alice, ref } = await invitation();
    const carol = await createUser(t.db);
    const mallory = await createUser(t.db);
    await processAs(carol, ref);
    const replay = await processAs(mallory, ref);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'invite_link_invalid',
      messageKey: 'errors.invite_link_invalid',
    });
    expect((await contactsOf(alice.id))[0]?.contactUserId).toBe(carol.id);
    expect(await contactsOf(mallory.id)).toHaveLength(0);
  });

  it('refuses altered, unknown, expired and own links, changing nothing', async () => {
    const { alice, contact, ref } = await invitation();
    const carol = await createUser(t.db);
    const key = legacyKey();
    const flip = (c: string) => (c === 'a' ? 'b' : 'a');
    const refs = {
      altered: `${ref.slice(0, -1)}${flip(ref.slice(-1))}`,
      truncated: ref.slice(0, -3),
      lengthened: `${ref}x`,
      unknown: 'Zz9Zz9Zz9Zz9',
      garbage: 'not a token at all',
      forgedOld: signInvitationToken('not-our-key', {
        inviterId: alice.id,
        contactId: contact.id,
        expiresAt: new Date(Date.now() + 60_000),
      }),
      expiredOld: signInvitationToken(key, {
        inviterId: alice.id,
        contactId: contact.id,
        expiresAt: new Date(Date.now() - 1000),
      }),
    };
    for (const [label, bad] of Object.entries(refs)) {
      const response = await processAs(carol, bad);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('invite_link_invalid');
    }
    expect((await processAs(alice, ref)).json().error.code).toBe('invite_link_invalid');
    expect((await contactsOf(alice.id))[0]).toMatchObject({ contactUserId: null, status: 'pending' });
    expect(await contactsOf(carol.id)).toHaveLength(0);
  });

  it('refuses a link past its expiry', async () => {
    const { alice, contact, ref } = await invitation();
    await t.db
      .update(contacts)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(contacts.id, contact.id));
    const response = await processAs(await createUser(t.db), ref);
    expect(response.json().error.code).toBe('invite_link_invalid');
    expect((await contactsOf(alice.id))[0]).toMatchObject({ contactUserId: null, status: 'pending' });
  });

  it('still honours a signed link sent before short links, until it expires, idempotently', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const contact = await createContact(t.db, alice, { name: 'Dave' });
    const oldRef = signInvitationToken(legacyKey(), {
      inviterId: alice.id,
      contactId: contact.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const preview = await t.request(null, { method: 'GET', url: `/api/referral/preview?ref=${oldRef}` });
    expect(preview.json()).toEqual({ inviterName: 'Alice' });
    const dave = await createUser(t.db);
    expect((await processAs(dave, oldRef)).json()).toEqual({ inviterName: 'Alice', linked: true });
    expect((await contactsOf(alice.id))[0]).toMatchObject({ contactUserId: dave.id, status: 'active' });
    expect((await processAs(dave, oldRef)).json()).toEqual({ inviterName: 'Alice', linked: false });
  });

  it('refuses a link whose contact the inviter has removed', async () => {
    const { contact, ref } = await invitation();
    await t.db.delete(contacts).where(eq(contacts.id, contact.id));
    expect((await processAs(await createUser(t.db), ref)).statusCode).toBe(400);
  });

  it("never takes over an entry the new user had with the inviter's (unverified) phone", async () => {
    const { alice, ref } = await invitation();
    const carol = await createUser(t.db);
    const mom = await createContact(t.db, carol, { name: 'Mom', phone: '+41790001111' });
    const response = await processAs(carol, ref);
    expect(response.statusCode).toBe(200);
    const carolsContacts = await contactsOf(carol.id);
    expect(carolsContacts).toHaveLength(2);
    expect(carolsContacts.find((c) => c.id === mom.id)).toMatchObject({ contactUserId: null, status: 'pending' });
    expect(carolsContacts.find((c) => c.id !== mom.id)).toMatchObject({
      contactUserId: alice.id,
      name: 'Alice',
      phone: null,
      email: null,
      status: 'active',
    });
  });

  it('drops the pending entry when the inviter has meanwhile added the new user another way', async () => {
    const { alice, contact, ref } = await invitation();
    const carol = await createUser(t.db);
    const direct = await createContact(t.db, alice, { name: 'Carol by username', contactUserId: carol.id });
    expect((await processAs(carol, ref)).statusCode).toBe(200);
    const alicesContacts = await contactsOf(alice.id);
    expect(alicesContacts.map((c) => c.id)).toEqual([direct.id]);
    expect(alicesContacts.some((c) => c.id === contact.id)).toBe(false);
    // And processing the same link again is still a no-op, not an error.
    const again = await processAs(carol, ref);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ inviterName: 'Alice', linked: false });
  });

  it('refuses a link across a block, either way, as any unusable link (docs/decisions/0018)', async () => {
    for (const blockerIsInviter of [true, false]) {
      const { alice, contact, ref } = await invitation();
      const carol = await createUser(t.db);
      const [blocker, blocked] = blockerIsInviter ? [alice, carol] : [carol, alice];
      const blocking = await t.request(blocker, {
        method: 'POST',
        url: '/api/blocks',
        payload: { userId: blocked.id },
      });
      expect(blocking.statusCode).toBeLessThan(300);

      const refused = await processAs(carol, ref);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'invite_link_invalid',
        messageKey: 'errors.invite_link_invalid',
      });
      expect((await contactsOf(alice.id)).find((c) => c.id === contact.id)).toMatchObject({
        contactUserId: null,
        status: 'pending',
      });
      expect((await contactsOf(carol.id)).some((c) => c.contactUserId === alice.id)).toBe(false);

      // The block alone was the reason: once lifted, the same link works.
      await t.request(blocker, { method: 'DELETE', url: `/api/blocks/${blocked.id}` });
      expect((await processAs(carol, ref)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/referral/preview', () => {
  it('names the inviter to a signed-out visitor holding a genuine link', async () => {
    const { ref } = await invitation();
    const response = await t.request(null, { method: 'GET', url: `/api/referral/preview?ref=${ref}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inviterName: 'Alice' });
  });

  it('refuses a tampered link, and one whose contact was removed, with "invite link invalid or corrupted"', async () => {
    const { contact, ref } = await invitation();
    const tampered = await t.request(null, { method: 'GET', url: `/api/referral/preview?ref=x${ref}` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('invite_link_invalid');
    await t.db.delete(contacts).where(eq(contacts.id, contact.id));
    const removed = await t.request(null, { method: 'GET', url: `/api/referral/preview?ref=${ref}` });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error.code).toBe('invite_link_invalid');
  });
});
