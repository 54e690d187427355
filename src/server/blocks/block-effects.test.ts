import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUserPhoto } from '../../../tests/support/account-factories';
import {
  createLendingRequest,
  createMessage,
  createMutualContacts,
  createUser,
} from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, messages } from '../db/schema';
import { borrowPayload, requestStatus } from '../../../tests/support/lending';
import { messageCalls } from '../../../tests/support/messages';

/**
 * What a block does (docs/decisions/0018), both ways: Bea blocks Tom, who
 * was her mutual contact and group co-member with shared items, open
 * requests, a loan and a conversation. Neither can then do anything towards
 * the other; lifting the block gives back what the other rules allow.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = { id: string; name: string; username: string; phone: string | null };
const { send, thread, conversations, unreadCount } = messageCalls(() => t);
const errorCode = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error.code;

let bea: Person, tom: Person, carol: Person;
let beasDrill: { id: string }, beasSaw: { id: string }, beasTent: { id: string }, tomsBike: { id: string };
let tomsPendingRequest: string, beasPendingRequest: string, tomsLoan: string, networkMessageToTom: string;

beforeAll(async () => {
  const face = (tag: string) => ({ profileImageUrl: `/api/users/${tag}/photo?v=1` });
  bea = await createUser(t.db, { name: 'Bea Blocker', phone: '+41790003333', ...face('bea') });
  tom = await createUser(t.db, { name: 'Tom Troll', phone: '+41790004444', ...face('tom') });
  carol = await createUser(t.db, { name: 'Carol', ...face('carol') });
  await createMutualContacts(t.db, bea, tom);
  const street = await createGroup(t.db, bea, { name: 'Street' });
  for (const member of [tom, carol]) await addMember(t.db, street, member);
  await createUserPhoto(t.db, bea);
  await createUserPhoto(t.db, tom);

  beasDrill = await createItem(t.db, bea, { name: 'Bea’s drill' });
  await shareWithUser(t.db, beasDrill, tom);
  await shareWithGroup(t.db, beasDrill, street);
  beasSaw = await createItem(t.db, bea, { name: 'Bea’s saw' });
  await shareWithUser(t.db, beasSaw, tom);
  beasTent = await createItem(t.db, bea, { name: 'Bea’s tent', status: 'borrowed' });
  tomsBike = await createItem(t.db, tom, { name: 'Tom’s bike' });
  await shareWithGroup(t.db, tomsBike, street);
  const tomsLadder = await createItem(t.db, tom, { name: 'Tom’s ladder' });
  await shareWithGroup(t.db, tomsLadder, street);

  tomsPendingRequest = (await createLendingRequest(t.db, { id: beasSaw.id, ownerId: bea.id }, tom)).id;
  beasPendingRequest = (await createLendingRequest(t.db, { id: tomsLadder.id, ownerId: tom.id }, bea)).id;
  tomsLoan = (await createLendingRequest(t.db, { id: beasTent.id, ownerId: bea.id }, tom, { status: 'borrowed' })).id;

  await createMessage(t.db, bea, tom, { content: 'Hi Tom' });
  await createMessage(t.db, tom, bea, { content: 'Unread insult' });
  const asked = await t.request(bea, { method: 'POST', url: '/api/network-requests', payload: { title: 'Rake' } });
  expect(asked.statusCode).toBe(201);
  const [toTom] = await t.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.receiverId, tom.id), eq(messages.messageType, 'network_request')));
  networkMessageToTom = toTom!.id;

  // Before the block, everything flows.
  expect((await send(tom, { receiverId: bea.id, content: 'Before' })).statusCode).toBe(201);
  expect(await unreadCount(bea)).toBe(2);
  const blocked = await t.request(bea, { method: 'POST', url: '/api/blocks', payload: { userId: tom.id } });
  expect(blocked.statusCode).toBe(204);
});

const available = async (viewer: Person) => {
  const response = await t.request(viewer, { method: 'GET', url: '/api/items/available' });
  return (response.json() as { items: { name: string }[] }).items.map((item) => item.name).sort();
};
const askNetwork = async (user: Person, title: string) => {
  const response = await t.request(user, { method: 'POST', url: '/api/network-requests', payload: { title } });
  expect(response.statusCode).toBe(201);
  const id = (response.json() as { id: string }).id;
  const rows = await t.db.select().from(messages).where(eq(messages.networkRequestId, id));
  return rows.map((row) => row.receiverId).sort();
};
const findByUsername = (user: Person, person: Person) =>
  t.request(user, { method: 'GET', url: `/api/users/registered?username=${person.username}` });
const findByPhone = (user: Person, person: Person) =>
  t.request(user, { method: 'GET', url: `/api/users/registered?phone=${encodeURIComponent(person.phone!)}` });

describe('while Bea blocks Tom', () => {
  it('neither can message the other: the blocker is told why, the blocked person gets a stranger’s answer', async () => {
    const fromTom = await send(tom, { receiverId: bea.id, content: 'Why?' });
    expect([fromTom.statusCode, errorCode(fromTom)]).toEqual([403, 'message_recipient_not_allowed']);
    const fromBea = await send(bea, { receiverId: tom.id, content: 'Bye' });
    expect([fromBea.statusCode, errorCode(fromBea)]).toEqual([403, 'user_blocked']);
  });

  it('network requests reach neither; Tom cannot answer Bea’s earlier one', async () => {
    expect(await askNetwork(bea, 'Hammer')).toEqual([carol.id]);
    expect(await askNetwork(tom, 'Glue')).toEqual([carol.id]);
    const answer = await t.request(tom, {
      method: 'POST',
      url: `/api/network-requests/${networkMessageToTom}/respond`,
      payload: { response: 'decline' },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('neither sees the other’s items (list, details) nor can ask to borrow them', async () => {
    expect(await available(tom)).toEqual([]);
    expect(await available(bea)).toEqual([]);
    expect(await available(carol)).toEqual(['Bea’s drill', 'Tom’s bike', 'Tom’s ladder']);
    expect((await t.request(tom, { method: 'GET', url: `/api/items/${beasDrill.id}` })).statusCode).toBe(404);
    expect((await t.request(bea, { method: 'GET', url: `/api/items/${tomsBike.id}` })).statusCode).toBe(404);
    for (const [who, item] of [
      [tom, beasDrill],
      [bea, tomsBike],
    ] as const) {
      const response = await t.request(who, {
        method: 'POST',
        url: '/api/lending-requests',
        payload: borrowPayload(item.id),
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('neither sees the other’s profile photo; Carol still sees both', async () => {
    const photo = (viewer: Person, person: Person) =>
      t.request(viewer, { method: 'GET', url: `/api/users/${person.id}/photo` });
    expect((await photo(tom, bea)).statusCode).toBe(404);
    expect((await photo(bea, tom)).statusCode).toBe(404);
    expect((await photo(carol, bea)).statusCode).toBe(200);
    expect((await photo(carol, tom)).statusCode).toBe(200);
  });

  it('neither finds the other by username or phone: "not registered"', async () => {
    for (const [who, whom] of [
      [tom, bea],
      [bea, tom],
    ] as const) {
      expect((await findByUsername(who, whom)).json()).toEqual({ registered: false });
      expect((await findByPhone(who, whom)).json()).toEqual({ registered: false });
      const added = await t.request(who, {
        method: 'POST',
        url: '/api/contacts',
        payload: { name: 'Again', username: whom.username },
      });
      expect([added.statusCode, errorCode(added)]).toEqual([404, 'user_not_found']);
      const byId = await t.request(who, { method: 'POST', url: '/api/contacts', payload: { contactUserId: whom.id } });
      expect([byId.statusCode, errorCode(byId)]).toEqual([404, 'user_not_found']);
    }
    expect((await findByUsername(carol, bea)).json()).toEqual({ registered: true });
  });

  it('hides the conversation and its unread messages from Bea only; Tom keeps his history', async () => {
    const beas = (await conversations(bea)).json() as ConversationSummary[];
    expect(beas.map((c) => c.partnerId)).not.toContain(tom.id);
    expect((await thread(bea, tom.id)).statusCode).toBe(404);
    expect(await unreadCount(bea)).toBe(0);
    const toms = (await conversations(tom)).json() as ConversationSummary[];
    expect(toms.map((c) => c.partnerId)).toContain(bea.id);
    expect((await thread(tom, bea.id)).statusCode).toBe(200);
    // Tom's messages are not marked read: nothing tells him.
    const unreadByBea = await t.db
      .select({ readAt: messages.readAt })
      .from(messages)
      .where(and(eq(messages.senderId, tom.id), eq(messages.receiverId, bea.id), eq(messages.messageType, 'user')));
    expect(unreadByBea.every((row) => row.readAt === null)).toBe(true);
  });

  it('removed Bea’s shares to Tom, declined his pending request and withdrew hers', async () => {
    const shares = await t.db
      .select()
      .from(itemContactPermissions)
      .where(eq(itemContactPermissions.contactUserId, tom.id));
    expect(shares).toEqual([]);
    expect(await requestStatus(t, tomsPendingRequest)).toBe('declined');
    expect(await requestStatus(t, beasPendingRequest)).toBe('withdrawn');
    // Nor can Bea tick Tom again while the block stands: the dialog leaves him out.
    const tick = await t.request(bea, {
      method: 'POST',
      url: '/api/permissions',
      payload: { itemId: beasSaw.id, contactUserId: tom.id, canView: true },
    });
    expect([tick.statusCode, errorCode(tick)]).toEqual([422, 'share_target_not_allowed']);
    const dialog = await t.request(bea, { method: 'GET', url: `/api/items/${beasSaw.id}/permissions` });
    expect((dialog.json() as { contactUserId: string }[]).map((row) => row.contactUserId)).not.toContain(tom.id);
  });

  it('told Tom only what an ordinary decline and withdrawal tell: their usual system messages from Bea', async () => {
    const notice = async (requestId: string) =>
      t.db
        .select({
          senderId: messages.senderId,
          receiverId: messages.receiverId,
          messageType: messages.messageType,
          systemEvent: messages.systemEvent,
          content: messages.content,
        })
        .from(messages)
        .where(eq(messages.lendingRequestId, requestId));
    expect(await notice(tomsPendingRequest)).toEqual([
      {
        senderId: bea.id,
        receiverId: tom.id,
        messageType: 'system',
        systemEvent: 'request_declined',
        content: 'Request declined: Bea’s saw',
      },
    ]);
    expect(await notice(beasPendingRequest)).toEqual([
      {
        senderId: bea.id,
        receiverId: tom.id,
        messageType: 'system',
        systemEvent: 'request_withdrawn',
        content: 'Request withdrawn: Tom’s ladder',
      },
    ]);
    // The same as Bea's decline of Carol's request, which no block caused.
    const carolsRequest = (await createLendingRequest(t.db, { id: beasDrill.id, ownerId: bea.id }, carol)).id;
    const declined = await t.request(bea, {
      method: 'PUT',
      url: `/api/lending-requests/${carolsRequest}`,
      payload: { status: 'declined' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await notice(carolsRequest)).toEqual([
      expect.objectContaining({
        messageType: 'system',
        systemEvent: 'request_declined',
        content: 'Request declined: Bea’s drill',
      }),
    ]);
  });

  it('keeps the loan: Tom still has the tent and Bea can mark it returned', async () => {
    expect(await requestStatus(t, tomsLoan)).toBe('borrowed');
    const returned = await t.request(bea, {
      method: 'PUT',
      url: `/api/lending-requests/${tomsLoan}`,
      payload: { status: 'returned' },
    });
    expect(returned.statusCode).toBe(200);
    expect(await requestStatus(t, tomsLoan)).toBe('returned');
  });

  it('keeps both in the group member list (a shared space)', async () => {
    const groups = await t.request(tom, { method: 'GET', url: `/api/groups/user/${tom.id}` });
    const street = (groups.json() as { id: string; name: string }[]).find((group) => group.name === 'Street')!;
    const details = await t.request(tom, { method: 'GET', url: `/api/groups/${street.id}` });
    const members = (details.json() as { members: { userId: string; user: { photoUrl: string | null } }[] }).members;
    expect(members.map((member) => member.userId)).toEqual(expect.arrayContaining([bea.id, tom.id, carol.id]));
    // …but no photo across the block, in the member list or the address book.
    expect(members.find((member) => member.userId === bea.id)?.user.photoUrl).toBeNull();
    expect(members.find((member) => member.userId === carol.id)?.user.photoUrl).toBe('/api/users/carol/photo?v=1');
    const book = (await t.request(tom, { method: 'GET', url: '/api/contacts' })).json() as {
      user: { id: string; photoUrl: string | null } | null;
    }[];
    expect(book.find((entry) => entry.user?.id === bea.id)?.user?.photoUrl).toBeNull();
  });

  it('closes join requests between them: no new one to her groups, and an earlier one hidden from her list', async () => {
    const garden = await createGroup(t.db, bea, { name: 'Garden', isPrivate: false });
    const ask = (person: Person, message: string) =>
      t.request(person, {
        method: 'POST',
        url: `/api/groups/${garden.id}/join-requests`,
        payload: { requestMessage: message },
      });
    const dan = await createUser(t.db, { name: 'Dan' });
    expect((await ask(dan, 'Asked before the block')).statusCode).toBe(201);
    expect((await t.request(bea, { method: 'POST', url: '/api/blocks', payload: { userId: dan.id } })).statusCode).toBe(
      204,
    );

    // A join request carries a message to the admin: refused as if the group did not exist.
    const refused = await ask(tom, 'Let me in');
    expect(refused.statusCode).toBe(404);
    expect(errorCode(refused)).toBe('not_found');
    expect((await ask(carol, 'Hello')).statusCode).toBe(201);
    const listed = await t.request(bea, { method: 'GET', url: `/api/groups/${garden.id}/join-requests` });
    expect((listed.json() as { user: { name: string } }[]).map((request) => request.user.name)).toEqual(['Carol']);
  });
});

describe('after Bea lifts the block', () => {
  beforeAll(async () => {
    expect((await t.request(bea, { method: 'DELETE', url: `/api/blocks/${tom.id}` })).statusCode).toBe(204);
  });

  it('gives back what the other rules allow: messages, network requests, items, photos, finding, the conversation', async () => {
    expect((await send(tom, { receiverId: bea.id, content: 'Friends again?' })).statusCode).toBe(201);
    expect((await send(bea, { receiverId: tom.id, content: 'Yes' })).statusCode).toBe(201);
    expect(await askNetwork(bea, 'Shovel')).toEqual([carol.id, tom.id].sort());
    // The drill is back through the group; the saw's contact share was removed by the block and stays removed.
    expect(await available(tom)).toEqual(['Bea’s drill']);
    expect(await available(bea)).toEqual(['Tom’s bike', 'Tom’s ladder']);
    expect((await t.request(tom, { method: 'GET', url: `/api/users/${bea.id}/photo` })).statusCode).toBe(200);
    expect((await findByUsername(tom, bea)).json()).toEqual({ registered: true });
    const beas = (await conversations(bea)).json() as ConversationSummary[];
    expect(beas.map((c) => c.partnerId)).toContain(tom.id);
    const book = (await t.request(tom, { method: 'GET', url: '/api/contacts' })).json() as {
      user: { id: string; photoUrl: string | null } | null;
    }[];
    expect(book.find((entry) => entry.user?.id === bea.id)?.user?.photoUrl).toBe('/api/users/bea/photo?v=1');
    // The declined request stays declined.
    expect(await requestStatus(t, tomsPendingRequest)).toBe('declined');
  });
});
