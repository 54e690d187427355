import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/support/app';
import { createContact, createLendingRequest, createUser } from '../../../../../tests/support/factories';
import { addMember, createGroup } from '../../../../../tests/support/group-factories';
import { createItem, shareWithGroup } from '../../../../../tests/support/item-factories';
import { borrowPayload, inDays, lendingParties } from '../../../../../tests/support/lending';
import { contacts, groupMembers, itemHolds, messages } from '../../../db/schema';

/** The trust shortcut of issue 35 (docs/decisions/0047): requests from trusted people for free days accepted at once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (user: { id: string }, itemId: string, overrides: Record<string, unknown> = {}) =>
  t.request(user, { method: 'POST', url: '/api/lending-requests', payload: borrowPayload(itemId, overrides) });
const eventsOf = async (requestId: string) =>
  (await t.db.select().from(messages).where(eq(messages.lendingRequestId, requestId))).map((m) => m.systemEvent);

async function ownersEntryFor(ownerId: string, contactUserId: string) {
  const [entry] = await t.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, ownerId), eq(contacts.contactUserId, contactUserId)));
  return entry!;
}

describe('PUT /api/contacts/{id}/auto-accept', () => {
  it('401, 404 for someone else’s entry, 409 for an entry without an account, 400 for a bad body; the owner sets it', async () => {
    const { owner, requester, stranger } = await lendingParties(t);
    const entry = await ownersEntryFor(owner.id, requester.id);
    const url = `/api/contacts/${entry.id}/auto-accept`;
    expect((await t.request(null, { method: 'PUT', url, payload: { autoAccept: true } })).statusCode).toBe(401);
    expect((await t.request(stranger, { method: 'PUT', url, payload: { autoAccept: true } })).statusCode).toBe(404);
    expect((await t.request(owner, { method: 'PUT', url, payload: { autoAccept: 'yes' } })).statusCode).toBe(400);
    const unregistered = await createContact(t.db, owner);
    const refused = await t.request(owner, {
      method: 'PUT',
      url: `/api/contacts/${unregistered.id}/auto-accept`,
      payload: { autoAccept: true },
    });
    expect(refused.statusCode).toBe(409);
    expect((await t.request(owner, { method: 'PUT', url, payload: { autoAccept: true } })).statusCode).toBe(204);
    expect((await ownersEntryFor(owner.id, requester.id)).autoAccept).toBe(true);
    const listed = await t.request(owner, { method: 'GET', url: '/api/contacts' });
    const shown = listed.json<{ id: string; autoAccept: boolean }[]>().find((contact) => contact.id === entry.id);
    expect(shown?.autoAccept).toBe(true);
  });
});

describe('PUT /api/groups/{id}/auto-accept', () => {
  it('401, 404 for a private group one is not in, 403 for a public one; a member sets their own choice', async () => {
    const admin = await createUser(t.db);
    const member = await createUser(t.db);
    const outsider = await createUser(t.db);
    const secret = await createGroup(t.db, admin, { isPrivate: true });
    const open = await createGroup(t.db, admin, { isPrivate: false });
    await addMember(t.db, open, member);
    const put = (user: { id: string } | null, groupId: string) =>
      t.request(user, { method: 'PUT', url: `/api/groups/${groupId}/auto-accept`, payload: { autoAccept: true } });
    expect((await put(null, open.id)).statusCode).toBe(401);
    expect((await put(outsider, secret.id)).statusCode).toBe(404);
    expect((await put(outsider, open.id)).statusCode).toBe(403);
    expect((await put(member, open.id)).statusCode).toBe(204);
    const [row] = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, open.id), eq(groupMembers.userId, member.id)));
    expect(row?.autoAcceptMembers).toBe(true);
    // The details tell the viewer their own choice only.
    expect((await t.request(member, { method: 'GET', url: `/api/groups/${open.id}` })).json().viewerAutoAccepts).toBe(
      true,
    );
    expect((await t.request(admin, { method: 'GET', url: `/api/groups/${open.id}` })).json().viewerAutoAccepts).toBe(
      false,
    );
  });
});

describe('a request from a trusted person', () => {
  it('is off by default: the request waits for the owner', async () => {
    const { requester, item } = await lendingParties(t);
    const asked = await ask(requester, item.id);
    expect(asked.json().status).toBe('pending');
  });

  it('from a trusted contact, for free days: accepted at once, with the usual system message and the days held', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.db
      .update(contacts)
      .set({ autoAccept: true })
      .where(eq(contacts.id, (await ownersEntryFor(owner.id, requester.id)).id));
    const asked = await ask(requester, item.id);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().status).toBe('accepted');
    expect(await eventsOf(asked.json().id)).toEqual(['request_created', 'request_accepted']);
    expect(await t.db.select().from(itemHolds).where(eq(itemHolds.itemId, item.id))).toHaveLength(1);
  });

  it('for busy days: refused as anyone’s, nothing accepted', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.db
      .update(contacts)
      .set({ autoAccept: true })
      .where(eq(contacts.id, (await ownersEntryFor(owner.id, requester.id)).id));
    const carol = await createUser(t.db);
    await createLendingRequest(t.db, item, carol, {
      status: 'accepted',
      requestedFrom: inDays(5),
      expectedReturnDate: inDays(20),
    });
    const asked = await ask(requester, item.id);
    expect([asked.statusCode, asked.json().error.code]).toEqual([409, 'item_booked']);
  });

  it('from a member of a group where the owner trusts the members: accepted; another group’s member: pending', async () => {
    const owner = await createUser(t.db);
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    const trusting = await createGroup(t.db, owner);
    const plain = await createGroup(t.db, owner);
    // createGroup makes the owner its admin member; in one group they trust the members.
    await t.db
      .update(groupMembers)
      .set({ autoAcceptMembers: true })
      .where(and(eq(groupMembers.groupId, trusting.id), eq(groupMembers.userId, owner.id)));
    await addMember(t.db, trusting, member);
    await addMember(t.db, plain, other);
    const item = await createItem(t.db, owner, { name: 'Ladder' });
    await shareWithGroup(t.db, item, trusting);
    await shareWithGroup(t.db, item, plain);
    expect((await ask(member, item.id)).json().status).toBe('accepted');
    expect(
      (await ask(other, item.id, { requestedFrom: inDays(30), expectedReturnDate: inDays(31) })).json().status,
    ).toBe('pending');
  });
});
