import { describe, expect, it } from 'vitest';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { useRecordingBusApp } from '../../../tests/support/live';
import { announceMessages } from '../message-writer/announce-messages';
import { writeMessages } from '../message-writer/write-messages';

/*
 * Announcing messages costs the same whatever the audience: one grouped
 * count and one publish, not three publishes per message.
 */

const live = useRecordingBusApp();

/** A requester with `size` mutual registered contacts: their whole network. */
async function networkOf(size: number) {
  const requester = await createUser(live.database.db, { name: 'Requester' });
  const people = [];
  for (let i = 0; i < size; i++) {
    const person = await createUser(live.database.db);
    await createMutualContacts(live.database.db, requester, person);
    people.push(person);
  }
  return { requester, people };
}

async function askNetwork(size: number) {
  const { requester, people } = await networkOf(size);
  const cookie = await live.t.cookieFor(requester.id);
  live.bus.reset();
  const before = live.database.queryCount();
  const response = await live.t.app.inject({
    method: 'POST',
    url: '/api/network-requests',
    headers: { cookie, origin: 'http://127.0.0.1:3000' },
    payload: { title: 'Ladder' },
  });
  const statements = live.database.queryCount() - before;
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({ recipientCount: size });
  return { requester, people, statements, calls: live.bus.calls.map((call) => call.method) };
}

describe('a network request', () => {
  it('is announced with as many bus calls to 100 people as to 10 (one), in as many statements', async () => {
    const ten = await askNetwork(10);
    const hundred = await askNetwork(100);
    expect(ten.calls).toEqual(['publishMany']);
    expect(hundred.calls).toEqual(ten.calls);
    expect(hundred.statements).toBe(ten.statements);
  });

  it('still tells every receiver of the message and their unread total, and the requester once', async () => {
    const { requester, people } = await askNetwork(12);
    for (const person of people) {
      expect(live.bus.eventsOf(person.id)).toEqual([
        { type: 'message', partnerId: requester.id },
        { type: 'unread_count', count: 1 },
      ]);
    }
    const toRequester = live.bus.eventsOf(requester.id);
    expect(toRequester).toHaveLength(1);
    expect(toRequester[0]).toMatchObject({ type: 'message' });
    expect(people.map((p) => p.id)).toContain((toRequester[0] as { partnerId: string }).partnerId);
  });
});

describe('announceMessages', () => {
  it('groups receivers by sender and by unread total, and names the only receiver of a direct message', async () => {
    const alice = await createUser(live.database.db);
    const bob = await createUser(live.database.db);
    const carol = await createUser(live.database.db);
    // Carol already has two unread messages from Bob; Alice has none.
    await writeMessages(live.database.db, [
      { senderId: bob.id, receiverId: carol.id, content: 'one', messageType: 'user' },
      { senderId: bob.id, receiverId: carol.id, content: 'two', messageType: 'user' },
    ]);
    const posted = await writeMessages(live.database.db, [
      { senderId: bob.id, receiverId: alice.id, content: 'hi Alice', messageType: 'user' },
      { senderId: bob.id, receiverId: carol.id, content: 'hi Carol', messageType: 'user' },
      { senderId: alice.id, receiverId: bob.id, content: 'hi Bob', messageType: 'user' },
    ]);
    live.bus.reset();

    await announceMessages(live.database.db, live.bus, posted, [
      { userIds: [alice.id], event: { type: 'items_changed' } },
    ]);

    expect(live.bus.calls).toHaveLength(1);
    expect(live.bus.eventsOf(carol.id)).toEqual([
      { type: 'message', partnerId: bob.id },
      { type: 'unread_count', count: 3 },
    ]);
    expect(live.bus.eventsOf(alice.id)).toEqual([
      { type: 'message', partnerId: bob.id },
      // As the sender of a direct message: the one receiver.
      { type: 'message', partnerId: bob.id },
      { type: 'unread_count', count: 1 },
      { type: 'items_changed' },
    ]);
    const toBob = live.bus.eventsOf(bob.id);
    expect(toBob).toContainEqual({ type: 'message', partnerId: alice.id });
    expect(toBob.filter((event) => event.type === 'message')).toHaveLength(2);
    expect(toBob).toContainEqual({ type: 'unread_count', count: 1 });
  });

  it('publishes nothing for no messages and nothing else', async () => {
    await announceMessages(live.database.db, live.bus, []);
    expect(live.bus.calls).toEqual([]);
  });
});
