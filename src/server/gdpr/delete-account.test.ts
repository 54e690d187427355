import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFeedback,
  createItemPhoto,
  createLoginHistory,
  createNetworkRequest,
  createNetworkResponse,
  createUserPhoto,
} from '../../../tests/support/account-factories';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createLendingRequest, createMessage, createUser } from '../../../tests/support/factories';
import { addMember, createGroup, createJoinRequest } from '../../../tests/support/group-factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import {
  contacts,
  feedback,
  groupJoinRequests,
  groupMembers,
  groups,
  itemContactPermissions,
  itemPhotos,
  items,
  lendingRequests,
  loginHistory,
  messages,
  networkRequestResponses,
  networkRequests,
  sessions,
  userPhotos,
  users,
} from '../db/schema';
import { DELETED_ACCOUNT_ISSUER } from '../auth/deleted-account-issuer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function deleteAccountOf(user: { id: string }) {
  const response = await t.request(user, { method: 'DELETE', url: `/api/gdpr/delete-account/${user.id}` });
  expect(response.statusCode).toBe(204);
}

/** The stand-in that took over the messages between `partner` and the deleted person. */
async function standInTalkingTo(partner: { id: string }) {
  const rows = await t.db
    .select({ user: users })
    .from(messages)
    .innerJoin(users, or(eq(users.id, messages.senderId), eq(users.id, messages.receiverId)))
    .where(and(or(eq(messages.senderId, partner.id), eq(messages.receiverId, partner.id))));
  const standIns = [...new Map(rows.filter((r) => r.user.deletedAt).map((r) => [r.user.id, r.user])).values()];
  expect(standIns).toHaveLength(1);
  return standIns[0]!;
}

describe('the anonymous stand-in', () => {
  it('keeps the other person’s messages under one fresh account with no trace of the person', async () => {
    const gone = await createUser(t.db, { name: 'Gone Gina', phone: '+41790000001' });
    const friend = await createUser(t.db);
    await createMessage(t.db, gone, friend, { content: 'Hi from Gina' });
    await createMessage(t.db, friend, gone, { content: 'Hi Gina' });
    await deleteAccountOf(gone);

    const standIn = await standInTalkingTo(friend);
    expect(standIn.id).not.toBe(gone.id);
    expect(standIn.issuer).toBe(DELETED_ACCOUNT_ISSUER);
    expect(standIn.subject).not.toBe(gone.subject);
    expect(standIn.username).toMatch(/^deleted-[0-9a-f]{16}$/);
    expect(standIn.name).toBe('Deleted account');
    expect(standIn.phone).toBeNull();
    expect(standIn.email).toBeNull();
    expect(standIn.profileImageUrl).toBeNull();
    expect(standIn.deletedAt).not.toBeNull();
    const kept = await t.db
      .select({ content: messages.content })
      .from(messages)
      .where(or(eq(messages.senderId, friend.id), eq(messages.receiverId, friend.id)));
    expect(kept.map((m) => m.content).sort()).toEqual(['Hi Gina', 'Hi from Gina']);
  });

  it('gives each deleted account its own stand-in, so conversations stay apart', async () => {
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    const friend = await createUser(t.db);
    await createMessage(t.db, first, friend);
    await createMessage(t.db, second, friend);
    await deleteAccountOf(first);
    await deleteAccountOf(second);
    const response = await t.request(friend, { method: 'GET', url: `/api/conversations/${friend.id}` });
    const list = response.json() as { partnerId: string; partnerDeleted: boolean }[];
    expect(list).toHaveLength(2);
    expect(new Set(list.map((c) => c.partnerId)).size).toBe(2);
    expect(list.every((c) => c.partnerDeleted)).toBe(true);
  });

  it('shows the thread to the other person, read-only: sender flagged deleted, replies refused', async () => {
    const gone = await createUser(t.db);
    const friend = await createUser(t.db);
    await createContact(t.db, friend, { contactUserId: gone.id });
    await createMessage(t.db, gone, friend, { content: 'Before I go' });
    await deleteAccountOf(gone);
    const standIn = await standInTalkingTo(friend);

    const thread = await t.request(friend, { method: 'GET', url: `/api/conversations/${friend.id}/${standIn.id}` });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().partner).toEqual({ id: standIn.id, name: 'Deleted account', deleted: true });
    expect(thread.json().messages[0]).toMatchObject({ content: 'Before I go', sender: { deleted: true } });

    const reply = await t.request(friend, {
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: standIn.id, content: 'Are you there?' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.code).toBe('message_recipient_not_allowed');
  });

  it('is never found by username, never added as a contact and never a registered user', async () => {
    const gone = await createUser(t.db);
    const friend = await createUser(t.db);
    await createMessage(t.db, gone, friend);
    await deleteAccountOf(gone);
    const standIn = await standInTalkingTo(friend);

    const check = await t.request(friend, {
      method: 'GET',
      url: `/api/users/registered?username=${standIn.username}`,
    });
    expect(check.json()).toEqual({ registered: false });
    const byUsername = await t.request(friend, {
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Ghost', username: standIn.username },
    });
    expect(byUsername.statusCode).toBe(404);
    const byId = await t.request(friend, {
      method: 'POST',
      url: '/api/contacts',
      payload: { contactUserId: standIn.id },
    });
    expect(byId.statusCode).toBe(404);
  });
});

describe('lending requests', () => {
  it('ends the person’s pending and accepted requests and tells the owners, naming the item', async () => {
    const gone = await createUser(t.db);
    const owner = await createUser(t.db);
    const drill = await createItem(t.db, owner, { name: 'Drill' });
    const ladder = await createItem(t.db, owner, { name: 'Ladder' });
    const pending = await createLendingRequest(t.db, drill, gone);
    const accepted = await createLendingRequest(t.db, ladder, gone, { status: 'accepted' });
    await deleteAccountOf(gone);

    const rows = await t.db.select().from(lendingRequests).where(eq(lendingRequests.ownerId, owner.id));
    const standIn = await standInTalkingTo(owner);
    for (const id of [pending.id, accepted.id]) {
      expect(rows.find((r) => r.id === id)).toMatchObject({ status: 'withdrawn', requesterId: standIn.id });
    }
    const notices = await t.db.select().from(messages).where(eq(messages.receiverId, owner.id));
    expect(notices.map((n) => [n.systemEvent, n.systemItemName, n.senderId]).sort()).toEqual([
      ['requester_account_deleted', 'Drill', standIn.id],
      ['requester_account_deleted', 'Ladder', standIn.id],
    ]);
  });

  it('keeps a loan borrowed under the stand-in; the owner is told and marks it returned as usual', async () => {
    const gone = await createUser(t.db);
    const owner = await createUser(t.db);
    const tent = await createItem(t.db, owner, { name: 'Tent', status: 'borrowed' });
    const loan = await createLendingRequest(t.db, tent, gone, { status: 'borrowed' });
    await deleteAccountOf(gone);

    const standIn = await standInTalkingTo(owner);
    const [moved] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, loan.id));
    expect(moved).toMatchObject({ status: 'borrowed', requesterId: standIn.id });
    const [notice] = await t.db.select().from(messages).where(eq(messages.receiverId, owner.id));
    expect(notice).toMatchObject({
      systemEvent: 'borrower_account_deleted',
      systemItemName: 'Tent',
      lendingRequestId: loan.id,
    });

    const returned = await t.request(owner, { method: 'PUT', url: `/api/items/${tent.id}/return` });
    expect(returned.statusCode).toBe(204);
    const [after] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, loan.id));
    expect(after?.status).toBe('returned');
    const [item] = await t.db.select().from(items).where(eq(items.id, tent.id));
    expect(item?.status).toBe('available');
  });

  it('moves declined, returned and withdrawn history to the stand-in', async () => {
    const gone = await createUser(t.db);
    const owner = await createUser(t.db);
    const statuses = ['declined', 'returned', 'withdrawn'] as const;
    for (const status of statuses) {
      await createLendingRequest(t.db, await createItem(t.db, owner), gone, { status });
    }
    await createMessage(t.db, owner, gone);
    await deleteAccountOf(gone);
    const standIn = await standInTalkingTo(owner);
    const rows = await t.db.select().from(lendingRequests).where(eq(lendingRequests.ownerId, owner.id));
    expect(rows.map((r) => r.status).sort()).toEqual([...statuses].sort());
    expect(rows.every((r) => r.requesterId === standIn.id)).toBe(true);
    // History is not news: no notice for closed requests.
    const notices = await t.db.select().from(messages).where(eq(messages.receiverId, owner.id));
    expect(notices).toHaveLength(0);
  });

  it('closes open requests on the person’s items with a notice that still names the item', async () => {
    const gone = await createUser(t.db);
    const asker = await createUser(t.db);
    const borrower = await createUser(t.db);
    const saw = await createItem(t.db, gone, { name: 'Saw' });
    const kayak = await createItem(t.db, gone, { name: 'Kayak', status: 'borrowed' });
    await createItemPhoto(t.db, saw);
    await createLendingRequest(t.db, saw, asker);
    await createLendingRequest(t.db, kayak, borrower, { status: 'borrowed' });
    await deleteAccountOf(gone);

    expect(await t.db.select().from(items).where(eq(items.ownerId, gone.id))).toHaveLength(0);
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, saw.id))).toHaveLength(0);
    expect(await t.db.select().from(lendingRequests).where(eq(lendingRequests.ownerId, gone.id))).toHaveLength(0);
    for (const [person, itemName] of [
      [asker, 'Saw'],
      [borrower, 'Kayak'],
    ] as const) {
      const standIn = await standInTalkingTo(person);
      const thread = await t.request(person, {
        method: 'GET',
        url: `/api/conversations/${person.id}/${standIn.id}`,
      });
      expect(thread.json().messages).toEqual([
        expect.objectContaining({
          systemEvent: 'owner_account_deleted',
          systemItemName: itemName,
          lendingRequest: null,
          sender: { name: 'Deleted account', deleted: true },
        }),
      ]);
    }
  });
});

describe('groups', () => {
  it('passes each administered group to its longest-standing other member', async () => {
    const gone = await createUser(t.db);
    const early = await createUser(t.db);
    const late = await createUser(t.db);
    const group = await createGroup(t.db, gone);
    await addMember(t.db, group, late);
    await addMember(t.db, group, early);
    await t.db
      .update(groupMembers)
      .set({ joinedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(groupMembers.userId, early.id));
    await deleteAccountOf(gone);

    const [after] = await t.db.select().from(groups).where(eq(groups.id, group.id));
    expect(after?.adminId).toBe(early.id);
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [early.id, 'admin'],
        [late.id, 'member'],
      ].sort(),
    );
  });

  it('deletes a group with no other member; memberships and join requests go', async () => {
    const gone = await createUser(t.db);
    const admin = await createUser(t.db);
    const lonely = await createGroup(t.db, gone);
    const other = await createGroup(t.db, admin);
    await addMember(t.db, other, gone);
    const elsewhere = await createGroup(t.db, admin);
    await createJoinRequest(t.db, elsewhere, gone, 'Let me in');
    await deleteAccountOf(gone);

    expect(await t.db.select().from(groups).where(eq(groups.id, lonely.id))).toHaveLength(0);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, other.id))).toEqual([
      expect.objectContaining({ userId: admin.id, role: 'admin' }),
    ]);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.groupId, elsewhere.id))).toEqual([]);
  });
});

describe('contacts, network requests and the rest', () => {
  it('turns other people’s contacts of the person into pending entries, and drops their shares', async () => {
    const gone = await createUser(t.db);
    const friend = await createUser(t.db);
    const entry = await createContact(t.db, friend, {
      contactUserId: gone.id,
      name: 'Gina',
      invitationMethod: 'link',
      invitedAt: new Date(),
      invitationTokenHash: 'ab'.repeat(32),
      invitationSeed: 'seed',
      invitationExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const bike = await createItem(t.db, friend);
    await shareWithUser(t.db, bike, gone);
    await deleteAccountOf(gone);

    const [after] = await t.db.select().from(contacts).where(eq(contacts.id, entry.id));
    expect(after).toMatchObject({
      name: 'Gina',
      status: 'pending',
      contactUserId: null,
      invitationMethod: null,
      invitedAt: null,
      invitationTokenHash: null,
      invitationSeed: null,
      invitationExpiresAt: null,
    });
    expect(await t.db.select().from(itemContactPermissions).where(eq(itemContactPermissions.itemId, bike.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(items).where(eq(items.id, bike.id))).toHaveLength(1);
  });

  it('deletes the person’s network requests with their answers, and the answers they gave', async () => {
    const gone = await createUser(t.db);
    const neighbour = await createUser(t.db);
    const theirs = await createNetworkRequest(t.db, gone);
    await createNetworkResponse(t.db, theirs, neighbour);
    const neighbours = await createNetworkRequest(t.db, neighbour);
    await createNetworkResponse(t.db, neighbours, gone);
    await deleteAccountOf(gone);

    expect(await t.db.select().from(networkRequests).where(eq(networkRequests.id, theirs.id))).toEqual([]);
    expect(
      await t.db.select().from(networkRequestResponses).where(eq(networkRequestResponses.networkRequestId, theirs.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(networkRequestResponses)
        .where(eq(networkRequestResponses.networkRequestId, neighbours.id)),
    ).toEqual([]);
    expect(await t.db.select().from(networkRequests).where(eq(networkRequests.id, neighbours.id))).toHaveLength(1);
  });

  it('deletes feedback, login history, sessions and the profile photo', async () => {
    const gone = await createUser(t.db);
    await createFeedback(t.db, gone);
    await createLoginHistory(t.db, gone);
    await createUserPhoto(t.db, gone);
    await t.cookieFor(gone.id);
    await deleteAccountOf(gone);
    expect(await t.db.select().from(feedback).where(eq(feedback.userId, gone.id))).toEqual([]);
    expect(await t.db.select().from(loginHistory).where(eq(loginHistory.userId, gone.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, gone.id))).toEqual([]);
    expect(await t.db.select().from(userPhotos).where(eq(userPhotos.userId, gone.id))).toEqual([]);
  });

  it('drops messages with another deleted account’s stand-in: nobody is left to read them', async () => {
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    await createMessage(t.db, first, second);
    await deleteAccountOf(first);
    await deleteAccountOf(second);
    const { rows } = await t.db.execute(sql`
      SELECT m.id FROM messages m
        JOIN users s ON s.id = m.sender_id JOIN users r ON r.id = m.receiver_id
       WHERE s.deleted_at IS NOT NULL AND r.deleted_at IS NOT NULL`);
    expect(rows).toEqual([]);
  });

  it('signs out a second tab: its next delete is 401, not a second deletion', async () => {
    const gone = await createUser(t.db);
    const cookie = await t.cookieFor(gone.id);
    await deleteAccountOf(gone);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/gdpr/delete-account/${gone.id}`,
      headers: { cookie, origin: t.config.publicUrl.origin },
    });
    expect(again.statusCode).toBe(401);
  });
});
