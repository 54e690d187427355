import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContact, createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import type { Thread } from '../../contract/schemas/messages';
import { items, lendingRequests, messages } from '../db/schema';
import { useRecordingBusApp } from '../../../tests/support/live';

/*
 * DELETE /api/items/{id} while requests are open: the requests go with the
 * item, and each requester is told by a system message written in the same
 * transaction, then live.
 */

const live = useRecordingBusApp();

/** Alice's drill, shared with Bob (pending request), Carol (accepted), Erin (declined) and Finn (no request). */
async function scene() {
  const alice = await createUser(live.database.db, { name: 'Alice' });
  const [bob, carol, erin, finn] = await Promise.all(
    ['Bob', 'Carol', 'Erin', 'Finn'].map((name) => createUser(live.database.db, { name })),
  );
  const drill = await createItem(live.database.db, alice, { name: 'Drill' });
  for (const person of [bob!, carol!, erin!, finn!]) {
    await createContact(live.database.db, alice, { contactUserId: person.id });
    await shareWithUser(live.database.db, drill, person);
  }
  const pending = await createLendingRequest(live.database.db, drill, bob!);
  const accepted = await createLendingRequest(live.database.db, drill, carol!, { status: 'accepted' });
  await createLendingRequest(live.database.db, drill, erin!, { status: 'declined' });
  return { alice, bob: bob!, carol: carol!, erin: erin!, finn: finn!, drill, pending, accepted };
}

describe('deleting an item with open requests', () => {
  it('tells each requester of a pending or accepted request in their own conversation, and nobody else', async () => {
    const { alice, bob, carol, erin, drill } = await scene();
    const response = await live.t.request(alice, { method: 'DELETE', url: `/api/items/${drill.id}` });
    expect(response.statusCode).toBe(204);

    expect(await live.database.db.select().from(items).where(eq(items.id, drill.id))).toEqual([]);
    expect(await live.database.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, drill.id))).toEqual(
      [],
    );
    const notices = await live.database.db.select().from(messages).where(eq(messages.systemEvent, 'item_deleted'));
    const sentTo = notices.filter((m) => m.senderId === alice.id).map((m) => m.receiverId);
    expect(sentTo.sort()).toEqual([bob.id, carol.id].sort());
    expect(sentTo).not.toContain(erin.id);
    for (const notice of notices.filter((m) => m.senderId === alice.id)) {
      expect(notice).toMatchObject({
        messageType: 'system',
        content: '“Drill” was removed by its owner, so the request was closed.',
        lendingRequestId: null,
        readAt: null,
      });
    }

    const thread = (
      await live.t.request(bob, { method: 'GET', url: `/api/conversations/${bob.id}/${alice.id}` })
    ).json() as Thread;
    expect(thread.messages.at(-1)).toMatchObject({ systemEvent: 'item_deleted', lendingRequest: null });
  });

  it('announces it live after commit: notice, unread count, request and Available Items', async () => {
    const { alice, bob, carol, erin, finn, drill, pending, accepted } = await scene();
    expect((await live.t.request(alice, { method: 'DELETE', url: `/api/items/${drill.id}` })).statusCode).toBe(204);

    expect(live.bus.calls).toHaveLength(1);
    expect(live.bus.eventsOf(bob.id)).toEqual([
      { type: 'message', partnerId: alice.id },
      { type: 'unread_count', count: 1 },
      { type: 'request_changed', requestId: pending.id, itemId: drill.id },
      { type: 'items_changed' },
    ]);
    expect(live.bus.eventsOf(carol.id)).toContainEqual({
      type: 'request_changed',
      requestId: accepted.id,
      itemId: drill.id,
    });
    // Those who only saw it lose it from their list.
    expect(live.bus.eventsOf(erin.id)).toEqual([{ type: 'items_changed' }]);
    expect(live.bus.eventsOf(finn.id)).toEqual([{ type: 'items_changed' }]);
  });

  it('stays refused while the item is lent out, with nothing posted', async () => {
    const { alice, bob, drill } = await scene();
    await live.database.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, drill.id));
    const response = await live.t.request(alice, { method: 'DELETE', url: `/api/items/${drill.id}` });
    expect([response.statusCode, response.json()]).toMatchObject([409, { error: { code: 'item_lent_out' } }]);
    expect(await live.database.db.select().from(messages).where(eq(messages.receiverId, bob.id))).toEqual([]);
    expect(live.bus.calls).toEqual([]);
  });
});
