import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createNetworkRequest, createNetworkResponse } from '../../../tests/support/account-factories';
import {
  createLendingRequest,
  createMessage,
  createMutualContacts,
  createUser,
} from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';
import { messageCalls, type User } from '../../../tests/support/messages';
import { networkRequestMatches } from '../db/schema';

/**
 * The thread's answer, byte for byte: every field of a message (dates in
 * UTC with milliseconds, truncated as the driver's Date parsing truncates
 * microseconds; nulls; the lending and network requests it carries and
 * what hides them), oldest first with ties in id order. Written against
 * the two-statement reading the thread had before it became one statement
 * (issue 20), so the one statement cannot have changed what clients get.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { thread, send } = messageCalls(() => t);

/** Sets a timestamp with microseconds, which Drizzle's Date values cannot carry. */
async function setTimes(messageId: string, createdAt: string, readAt: string | null) {
  await t.db.execute(
    sql`UPDATE messages SET created_at = ${createdAt}::timestamptz, read_at = ${readAt}::timestamptz WHERE id = ${messageId}`,
  );
}

describe('GET /api/conversations/{userId}/{partnerId}: the answer', () => {
  let alice: User, bob: User;
  let expected: Message[];
  beforeAll(async () => {
    alice = await createUser(t.db, { name: 'Alice' });
    bob = await createUser(t.db, { name: 'Bob "the builder" Müller' });
    const carol = await createUser(t.db, { name: 'Carol' });
    const dave = await createUser(t.db, { name: 'Dave' });
    await createMutualContacts(t.db, alice, bob);

    const drill = await createItem(t.db, alice, { name: 'Drill' });
    const lent = await createLendingRequest(t.db, drill, bob, { status: 'accepted' });
    const gone = await createLendingRequest(t.db, drill, bob, {
      status: 'returned',
      requestedFrom: null,
      expectedReturnDate: null,
    });
    await t.db.execute(sql`UPDATE lending_requests SET item_id = NULL, item_name = 'Old saw' WHERE id = ${gone.id}`);
    // A request between two other people: a message pointing at it must not show it.
    const carolsItem = await createItem(t.db, carol, { name: 'Tent' });
    const foreign = await createLendingRequest(t.db, carolsItem, dave);

    const ladder = await createItem(t.db, alice, { name: 'Ladder' });
    const axe = await createItem(t.db, alice, { name: 'Axe' });
    const wanted = await createNetworkRequest(t.db, bob, {
      title: 'Need a ladder',
      description: null,
      category: 'tools',
      urgency: 'high',
    });
    await t.db.insert(networkRequestMatches).values([
      { networkRequestId: wanted.id, itemId: ladder.id, ownerId: alice.id },
      { networkRequestId: wanted.id, itemId: axe.id, ownerId: alice.id },
    ]);
    await createNetworkResponse(t.db, wanted, alice);
    const carolsWish = await createNetworkRequest(t.db, carol, { title: 'Carol wants', description: 'Secret' });

    const plain = await createMessage(t.db, alice, bob, { content: 'Hi Bob\n"quoted" \\ ü 🎉' });
    await setTimes(plain.id, '2026-03-01 09:00:00.123999+00', '2026-03-01 09:05:00.000001+00');
    const system = await createMessage(t.db, alice, bob, {
      content: 'Alice accepted the request.',
      messageType: 'system',
      systemEvent: 'request_accepted',
      systemItemName: 'Drill',
      lendingRequestId: lent.id,
    });
    await setTimes(system.id, '2026-03-01 10:00:00.5+00', null);
    const history = await createMessage(t.db, bob, alice, {
      content: 'Returned.',
      messageType: 'system',
      systemEvent: 'item_returned',
      lendingRequestId: gone.id,
    });
    await setTimes(history.id, '2026-03-01 11:00:00+00', null);
    const stray = await createMessage(t.db, bob, alice, { content: 'Stray', lendingRequestId: foreign.id });
    await setTimes(stray.id, '2026-03-01 12:00:00+00', null);
    const network = await createMessage(t.db, bob, alice, {
      content: 'Bob needs a ladder',
      messageType: 'network_request',
      systemEvent: 'network_request',
      networkRequestId: wanted.id,
    });
    await setTimes(network.id, '2026-03-01 13:00:00+00', null);
    const strayNetwork = await createMessage(t.db, bob, alice, { content: 'Other', networkRequestId: carolsWish.id });
    await setTimes(strayNetwork.id, '2026-03-01 13:00:00+00', null);

    const base = (row: typeof plain, createdAt: string, readAt: string | null) => ({
      id: row.id,
      senderId: row.senderId,
      receiverId: row.receiverId,
      content: row.content,
      messageType: row.messageType,
      systemEvent: row.systemEvent,
      systemItemName: row.systemItemName,
      createdAt,
      readAt,
    });
    const fromAlice = { name: 'Alice', deleted: false };
    const fromBob = { name: 'Bob "the builder" Müller', deleted: false };
    // Same time: id order.
    const [first, second] = [network, strayNetwork].sort((a, b) => a.id.localeCompare(b.id));
    const networkMessage = (row: typeof plain): Message =>
      row === network
        ? {
            ...base(network, '2026-03-01T13:00:00.000Z', null),
            sender: fromBob,
            lendingRequest: null,
            networkRequest: {
              id: wanted.id,
              requesterId: bob.id,
              title: 'Need a ladder',
              description: null,
              category: 'tools',
              urgency: 'high',
              answered: true,
              matchedItems: [
                { id: axe.id, name: 'Axe' },
                { id: ladder.id, name: 'Ladder' },
              ],
            },
          }
        : {
            ...base(strayNetwork, '2026-03-01T13:00:00.000Z', null),
            sender: fromBob,
            lendingRequest: null,
            networkRequest: null,
          };
    expected = [
      {
        ...base(plain, '2026-03-01T09:00:00.123Z', '2026-03-01T09:05:00.000Z'),
        sender: fromAlice,
        lendingRequest: null,
        networkRequest: null,
      },
      {
        ...base(system, '2026-03-01T10:00:00.500Z', null),
        sender: fromAlice,
        lendingRequest: {
          id: lent.id,
          itemId: drill.id,
          itemName: 'Drill',
          ownerId: alice.id,
          requesterId: bob.id,
          status: 'accepted',
          requestedFrom: '2099-01-01',
          expectedReturnDate: '2099-01-08',
        },
        networkRequest: null,
      },
      {
        ...base(history, '2026-03-01T11:00:00.000Z', null),
        sender: fromBob,
        lendingRequest: {
          id: gone.id,
          itemId: null,
          itemName: 'Old saw',
          ownerId: alice.id,
          requesterId: bob.id,
          status: 'returned',
          requestedFrom: null,
          expectedReturnDate: null,
        },
        networkRequest: null,
      },
      { ...base(stray, '2026-03-01T12:00:00.000Z', null), sender: fromBob, lendingRequest: null, networkRequest: null },
      networkMessage(first!),
      networkMessage(second!),
    ];
  });

  it('is the partner and every message, in the contract’s key order, byte for byte', async () => {
    const response = await thread(alice, bob.id);
    expect(response.statusCode, response.body).toBe(200);
    const want: Thread = {
      partner: { id: bob.id, name: 'Bob "the builder" Müller', deleted: false },
      messages: expected,
    };
    expect(response.json()).toEqual(want);
    expect(response.body).toBe(JSON.stringify(want));
  });

  it('answers a sent message in the same shape as the thread shows it', async () => {
    const response = await send(alice, { receiverId: bob.id, content: 'One more' });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<Message>();
    const shown = (await thread(alice, bob.id)).json<Thread>().messages.at(-1);
    expect(response.body).toBe(JSON.stringify(shown));
    expect(sent).toMatchObject({ content: 'One more', sender: { name: 'Alice', deleted: false }, readAt: null });
  });
});
