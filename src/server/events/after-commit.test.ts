import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createContact, createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import type { LiveEvent } from '../../contract/schemas/live-events';
import { items, lendingRequests, messages, networkRequests } from '../db/schema';
import { borrowPayload } from '../../../tests/support/lending';
import { createInProcessEventBus, type LiveEventBus } from './live-event-bus';
import { startLiveTestApp, type LiveTestApp } from '../../../tests/support/live';

/*
 * What happens after a change committed is never the caller's problem: a
 * bus that fails does not turn a stored change into an error answer, and a
 * row that vanished right after its commit answers 404 where the answer is
 * read back, or what was stored where it is built from the insert; never 500.
 */

let database: TestDatabase;
const apps: LiveTestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.app.close()));
  await database.destroy();
});

async function appWith(bus: LiveEventBus) {
  const app = await startLiveTestApp({ db: database.db, liveEvents: bus });
  apps.push(app);
  return app;
}

function failingBus(how: 'throws' | 'rejects'): LiveEventBus {
  const fail = () => {
    if (how === 'throws') throw new Error('bus down');
    return Promise.reject(new Error('bus down'));
  };
  return { ...createInProcessEventBus(), publish: fail, publishMany: fail };
}

/** Alice and Bob, contacts of each other; Alice's drill is shared with Bob. */
async function parties() {
  const alice = await createUser(database.db, { name: 'Alice' });
  const bob = await createUser(database.db, { name: 'Bob' });
  await createContact(database.db, alice, { contactUserId: bob.id });
  await createContact(database.db, bob, { contactUserId: alice.id });
  const drill = await createItem(database.db, alice, { name: 'Drill' });
  await shareWithUser(database.db, drill, bob);
  return { alice, bob, drill };
}

describe.each(['throws', 'rejects'] as const)('a bus that %s on every publish', (how) => {
  let t: LiveTestApp;
  beforeAll(async () => {
    t = await appWith(failingBus(how));
  });

  it('still answers success to sending a message and reading it, and both are stored', async () => {
    const { alice, bob } = await parties();
    const sent = await t.request(bob, {
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: alice.id, content: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    const read = await t.request(alice, { method: 'PUT', url: `/api/messages/read/${alice.id}/${bob.id}` });
    expect(read.statusCode).toBe(204);
    const [stored] = await database.db.select().from(messages).where(eq(messages.senderId, bob.id));
    expect(stored).toMatchObject({ content: 'Hello' });
    expect(stored?.readAt).not.toBeNull();
  });

  it('still answers success to a network request and a quick-add answer', async () => {
    const { alice, bob } = await parties();
    const asked = await t.request(alice, { method: 'POST', url: '/api/network-requests', payload: { title: 'Saw' } });
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json() as { id: string };
    expect(await database.db.select().from(networkRequests).where(eq(networkRequests.id, id))).toHaveLength(1);
    const [toBob] = await database.db.select().from(messages).where(eq(messages.networkRequestId, id));
    const answered = await t.request(bob, {
      method: 'POST',
      url: `/api/network-requests/${toBob!.id}/respond`,
      payload: { response: 'add_to_items', item: { name: 'Saw' } },
    });
    expect(answered.statusCode).toBe(201);
    expect(await database.db.select().from(items).where(eq(items.ownerId, bob.id))).toHaveLength(1);
  });

  it('still answers success to lending steps, item deletion and sharing', async () => {
    const { alice, bob, drill } = await parties();
    const created = await t.request(bob, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(drill.id),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const accepted = await t.request(alice, {
      method: 'PUT',
      url: `/api/lending-requests/${id}`,
      payload: { status: 'accepted' },
    });
    expect([accepted.statusCode, accepted.json()]).toMatchObject([200, { status: 'accepted' }]);

    const ladder = await createItem(database.db, alice, { name: 'Ladder' });
    const shared = await t.request(alice, {
      method: 'POST',
      url: '/api/permissions',
      payload: { itemId: ladder.id, contactUserId: bob.id, canView: true },
    });
    expect(shared.statusCode).toBe(204);
    const deleted = await t.request(alice, { method: 'DELETE', url: `/api/items/${drill.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await database.db.select().from(items).where(eq(items.id, drill.id))).toEqual([]);
  });
});

describe('a row gone right after its commit', () => {
  /** A bus that, on the first event of `type`, runs `sabotage` before delivering: another request's delete, just in between. */
  function busDeletingOn(type: LiveEvent['type'], sabotage: () => Promise<unknown>): LiveEventBus {
    const inner = createInProcessEventBus();
    let armed = true;
    return {
      ...inner,
      async publishMany(deliveries) {
        if (armed && deliveries.some((d) => d.event.type === type)) {
          armed = false;
          await sabotage();
        }
        await inner.publishMany(deliveries);
      },
    };
  }

  it('answers 404 to a lending step whose request vanished, instead of 500', async () => {
    const { alice, bob, drill } = await parties();
    const pending = await createLendingRequest(database.db, drill, bob);
    const sabotage = () => database.db.delete(lendingRequests).where(eq(lendingRequests.itemId, drill.id));
    const t = await appWith(busDeletingOn('request_changed', sabotage));
    const accepted = await t.request(alice, {
      method: 'PUT',
      url: `/api/lending-requests/${pending.id}`,
      payload: { status: 'accepted' },
    });
    expect([accepted.statusCode, accepted.json()]).toMatchObject([404, { error: { code: 'not_found' } }]);
  });

  it('answers 201 with what was stored to a new request that vanished right after, never 500', async () => {
    const { bob, drill } = await parties();
    const sabotage = () => database.db.delete(lendingRequests).where(eq(lendingRequests.itemId, drill.id));
    const t = await appWith(busDeletingOn('request_changed', sabotage));
    const created = await t.request(bob, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(drill.id),
    });
    // The answer is built from the insert, not read back (create-lending-request.ts): the request did commit.
    expect([created.statusCode, created.json()]).toMatchObject([201, { itemId: drill.id, status: 'pending' }]);
    expect(await database.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, drill.id))).toEqual([]);
  });

  it('answers 201 with what was stored to a sent message that vanished right after (its conversation went with an account), never 500', async () => {
    const { alice, bob } = await parties();
    const sabotage = () => database.db.delete(messages).where(eq(messages.senderId, bob.id));
    const t = await appWith(busDeletingOn('message', sabotage));
    const sent = await t.request(bob, {
      method: 'POST',
      url: '/api/messages',
      payload: { receiverId: alice.id, content: 'Still there?' },
    });
    // The answer is built from the insert, not read back (send-message.ts): the send did commit.
    expect([sent.statusCode, sent.json()]).toMatchObject([201, { content: 'Still there?', receiverId: alice.id }]);
    expect(await database.db.select().from(messages).where(eq(messages.senderId, bob.id))).toEqual([]);
  });
});
