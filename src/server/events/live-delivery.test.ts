import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { connectDatabase, type DatabaseHandle } from '../db/client';
import { startLiveTestApp, type LiveTestApp, type SseStream } from '../../../tests/support/live';
import { createPostgresEventBus, type PostgresEventBus } from './postgres-event-bus';

/*
 * End to end across two app instances on one database, each with its own
 * PostgreSQL bus: a write served by instance 1 reaches the streams that
 * clients hold open on instance 2.
 */

let database: TestDatabase;
let secondHandle: DatabaseHandle;
let buses: PostgresEventBus[];
let first: LiveTestApp;
let second: LiveTestApp;
const streams: SseStream[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  secondHandle = connectDatabase(database.url, { max: 3 });
  const logger = pino({ level: 'silent' });
  buses = [
    createPostgresEventBus({ url: database.url, logger }),
    createPostgresEventBus({ url: database.url, logger }),
  ];
  first = await startLiveTestApp({ db: database.db, liveEvents: buses[0] });
  second = await startLiveTestApp({ db: secondHandle.db, liveEvents: buses[1] });
  await Promise.all(buses.map((bus) => bus.ready()));
});

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

afterAll(async () => {
  await Promise.all([first.app.close(), second.app.close()]);
  await Promise.all(buses.map((bus) => bus.close()));
  await secondHandle.close();
  await database.destroy();
});

/** A stream of `user` on instance 2, past its `ready`. */
async function streamOnSecond(user: { id: string }) {
  const stream = await second.openStream(await second.cookieFor(user.id));
  streams.push(stream);
  expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  return stream;
}

async function nextEvents(stream: SseStream, count: number) {
  const events: unknown[] = [];
  for (let i = 0; i < count; i++) events.push(JSON.parse((await stream.nextEvent()).data));
  return events;
}

describe('a message sent through instance 1', () => {
  it('reaches both people on instance 2: the conversation, and the receiver its unread total', async () => {
    const alice = await createUser(database.db);
    const bob = await createUser(database.db);
    await createMutualContacts(database.db, alice, bob);
    const bobStream = await streamOnSecond(bob);
    const aliceStream = await streamOnSecond(alice);

    const sent = await first.request(alice, {
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: bob.id, content: 'Is the drill free on Saturday?' },
    });
    expect(sent.statusCode).toBe(201);

    expect(await nextEvents(bobStream, 2)).toEqual(
      expect.arrayContaining([
        { type: 'message', partnerId: alice.id },
        { type: 'unread_count', count: 1 },
      ]),
    );
    expect(await nextEvents(aliceStream, 1)).toEqual([{ type: 'message', partnerId: bob.id }]);
  });
});

describe('a member removed from a group', () => {
  it('gets no more of its network requests, while a remaining member does', async () => {
    const alice = await createUser(database.db);
    const bob = await createUser(database.db);
    const dan = await createUser(database.db);
    const group = await createGroup(database.db, alice);
    await addMember(database.db, group, bob);
    await addMember(database.db, group, dan);
    const bobStream = await streamOnSecond(bob);
    const danStream = await streamOnSecond(dan);
    const ask = (title: string) =>
      first.request(alice, { method: 'POST', url: '/api/network-requests', payload: { title } });

    // While Bob is a member, he hears of Alice's request like Dan does.
    expect((await ask('Ladder')).statusCode).toBe(201);
    const fromAlice = { type: 'message', partnerId: alice.id };
    expect(await nextEvents(bobStream, 2)).toContainEqual(fromAlice);
    expect(await nextEvents(danStream, 2)).toContainEqual(fromAlice);

    const removed = await first.request(alice, { method: 'DELETE', url: `/api/groups/${group.id}/members/${bob.id}` });
    expect(removed.statusCode).toBe(204);
    // What the group shares is gone from his Available Items.
    expect(await nextEvents(bobStream, 1)).toEqual([{ type: 'items_changed' }]);
    const asked = await ask('Wheelbarrow');
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ recipientCount: 1 });
    expect(await nextEvents(danStream, 2)).toContainEqual(fromAlice);

    // Published after the request's events committed, so it arrives after
    // anything they sent Bob: being his next event proves they sent nothing.
    const marker = { type: 'unread_count', count: 42 } as const;
    await first.app.liveEvents.publish([bob.id], marker);
    expect(await nextEvents(bobStream, 1)).toEqual([marker]);
  });
});
