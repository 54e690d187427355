import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import { contacts, groupMembers, messages } from '../db/schema';
import { borrowPayload } from '../../../tests/support/lending';
import { messageCalls, type User } from '../../../tests/support/messages';

/**
 * The messaging consent rule (docs/decisions/0018): a channel from A to B
 * opens only with B's consent (mutual contacts, a shared group, B answered
 * A, a lending request between them) and closes when that goes, through the
 * API as the attacker used it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { send, thread } = messageCalls(() => t);
const errorCode = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error.code;
const hi = (from: User, to: User, content = `${from.name} says hi`) => send(from, { receiverId: to.id, content });
const ask = (user: User, title: string) =>
  t.request(user, { method: 'POST', url: '/api/network-requests', payload: { title } });

/** Who a network request of `requestId` reached. */
async function reached(requestId: string): Promise<string[]> {
  const rows = await t.db
    .select({ receiverId: messages.receiverId })
    .from(messages)
    .where(eq(messages.networkRequestId, requestId));
  return rows.map((row) => row.receiverId).sort();
}

async function addByUsername(adder: User, person: { username: string }) {
  const response = await t.request(adder, {
    method: 'POST',
    url: '/api/contacts',
    payload: { name: 'Found them', username: person.username },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

describe('a stranger who adds someone one-sidedly', () => {
  let admin: User & { username: string };
  let stranger: User & { username: string };
  let strangersEntryId: string;
  let adminsEntryId: string;

  beforeAll(async () => {
    admin = await createUser(t.db, { name: 'Group Admin' });
    stranger = await createUser(t.db, { name: 'Stranger' });
    await createGroup(t.db, admin, { name: 'Public Tool Library', isPrivate: false });
    // The attack of issue 15: the admin's username is in group search.
    const search = await t.request(stranger, { method: 'GET', url: '/api/groups/search?q=Tool%20Library' });
    const found = (search.json() as { admin: { id: string; username: string } }[]).map((group) => group.admin);
    expect(found).toContainEqual(expect.objectContaining({ id: admin.id, username: admin.username }));
    strangersEntryId = await addByUsername(stranger, admin);
  });

  it('cannot message them, nor open an empty thread with them', async () => {
    const response = await hi(stranger, admin);
    expect([response.statusCode, errorCode(response)]).toEqual([403, 'message_recipient_not_allowed']);
    expect((await thread(stranger, admin.id)).statusCode).toBe(404);
    // …and the person added cannot write to the stranger either: nobody consented.
    expect((await hi(admin, stranger)).statusCode).toBe(403);
  });

  it('does not reach them with a network request', async () => {
    const response = await ask(stranger, 'Ladder');
    expect([response.statusCode, errorCode(response)]).toEqual([409, 'network_empty']);
  });

  it('can once they add the stranger back (mutual): messages and network requests', async () => {
    const back = await t.request(admin, {
      method: 'POST',
      url: '/api/contacts',
      payload: { contactUserId: stranger.id },
    });
    expect(back.statusCode).toBe(201);
    adminsEntryId = (back.json() as { id: string }).id;
    expect((await hi(stranger, admin)).statusCode).toBe(201);
    const request = await ask(stranger, 'Drill');
    expect(request.statusCode).toBe(201);
    expect(await reached((request.json() as { id: string }).id)).toEqual([admin.id]);
  });

  it('closes again when the contact is removed: the admin never answered', async () => {
    const removed = await t.request(admin, { method: 'DELETE', url: `/api/contacts/${admin.id}/${adminsEntryId}` });
    expect(removed.statusCode).toBe(204);
    const response = await hi(stranger, admin, 'Still there?');
    expect([response.statusCode, errorCode(response)]).toEqual([403, 'message_recipient_not_allowed']);
    expect([(await ask(stranger, 'Saw')).statusCode]).toEqual([409]);
    // The stranger wrote to the admin, so the admin may still answer; that answer reopens the channel.
    expect((await hi(admin, stranger, 'Please stop')).statusCode).toBe(201);
    expect((await hi(stranger, admin, 'Sorry')).statusCode).toBe(201);
    // The stranger's own entry is still there: it never was consent.
    const kept = await t.db.select().from(contacts).where(eq(contacts.id, strangersEntryId));
    expect(kept.map((row) => row.contactUserId)).toEqual([admin.id]);
  });
});

describe('the ways a channel opens', () => {
  it('group co-members message each other without being contacts; leaving the group closes it', async () => {
    const admin = await createUser(t.db, { name: 'Admin' });
    const member = await createUser(t.db, { name: 'Member' });
    const group = await createGroup(t.db, admin);
    await addMember(t.db, group, member);
    expect((await hi(member, admin)).statusCode).toBe(201);
    await t.db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, member.id)));
    // The admin never answered: the member's channel is closed…
    expect((await hi(member, admin, 'Again')).statusCode).toBe(403);
    // …while the member wrote to the admin, who may answer, and that answer opens the member's channel again.
    expect((await hi(admin, member, 'Sorry, was away')).statusCode).toBe(201);
    expect((await hi(member, admin, 'No problem')).statusCode).toBe(201);
    // The history stays readable for both.
    expect((await thread(member, admin.id)).statusCode).toBe(200);
  });

  it('a response to a network request opens the requester’s channel to the responder', async () => {
    const requester = await createUser(t.db, { name: 'Requester' });
    const neighbour = await createUser(t.db, { name: 'Neighbour' });
    const group = await createGroup(t.db, requester);
    await addMember(t.db, group, neighbour);
    const created = await ask(requester, 'Tent');
    expect(created.statusCode).toBe(201);
    const requestId = (created.json() as { id: string }).id;
    expect(await reached(requestId)).toEqual([neighbour.id]);
    const [received] = await t.db.select().from(messages).where(eq(messages.networkRequestId, requestId));
    await t.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, neighbour.id)));
    // Not in each other's network any more, and the neighbour never answered: closed.
    expect((await hi(requester, neighbour)).statusCode).toBe(403);
    // The answer still works (it is the reply to the message they received)…
    const answer = await t.request(neighbour, {
      method: 'POST',
      url: `/api/network-requests/${received!.id}/respond`,
      payload: { response: 'decline' },
    });
    expect(answer.statusCode).toBe(201);
    // …and a response, even a decline, is an answer: the requester may write to them now.
    expect((await hi(requester, neighbour, 'Thanks anyway')).statusCode).toBe(201);
  });

  it('a lending request opens the channel both ways for a requester the owner shared with one-sidedly', async () => {
    const owner = await createUser(t.db, { name: 'Owner' });
    const borrower = await createUser(t.db, { name: 'Borrower' });
    await createContact(t.db, owner, { contactUserId: borrower.id });
    const item = await createItem(t.db, owner, { name: 'Kayak' });
    await shareWithUser(t.db, item, borrower);
    // The owner's one-sided entry is no consent of the borrower's, and vice versa.
    expect((await hi(borrower, owner)).statusCode).toBe(403);
    expect((await hi(owner, borrower)).statusCode).toBe(403);
    const request = await t.request(borrower, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(item.id),
    });
    expect(request.statusCode).toBe(201);
    expect((await hi(borrower, owner, 'When can I pick it up?')).statusCode).toBe(201);
    const accept = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${(request.json() as { id: string }).id}`,
      payload: { status: 'accepted', ownerResponse: 'Saturday' },
    });
    expect(accept.statusCode).toBe(200);
    expect((await hi(owner, borrower, 'At ten?')).statusCode).toBe(201);
  });

  it('an invitation link makes both people mutual contacts: messages and network requests flow both ways', async () => {
    const inviter = await createUser(t.db, { name: 'Inviter', phone: '+41790002222', email: null });
    const pending = await createContact(t.db, inviter, { name: 'New friend' });
    const link = await t.request(inviter, { method: 'GET', url: `/api/contacts/invitation/${pending.id}` });
    const ref = new URL((link.json() as { invitationLink: string }).invitationLink).searchParams.get('ref')!;
    const invited = await createUser(t.db, { name: 'Invited' });
    const processed = await t.request(invited, {
      method: 'POST',
      url: '/api/referral/process',
      payload: { referralData: ref },
    });
    expect(processed.statusCode).toBe(200);
    expect((await hi(invited, inviter)).statusCode).toBe(201);
    expect((await hi(inviter, invited)).statusCode).toBe(201);
    const request = await ask(invited, 'Bike pump');
    expect(request.statusCode).toBe(201);
    expect(await reached((request.json() as { id: string }).id)).toEqual([inviter.id]);
  });
});
