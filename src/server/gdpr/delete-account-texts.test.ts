import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { messages } from '../db/schema';
import { itemAddedByDeletedAccountText } from './delete-account';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks `requester`'s network through the API and returns the id of the message that reached `responder`. */
async function askedBy(requester: { id: string }, responder: { id: string }, title: string): Promise<string> {
  const asked = await t.request(requester, {
    method: 'POST',
    url: '/api/network-requests',
    payload: { requesterId: requester.id, title },
  });
  expect(asked.statusCode).toBe(201);
  const [reached] = await t.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.receiverId, responder.id), eq(messages.messageType, 'network_request')));
  return reached!.id;
}

async function addItemFor(responder: { id: string }, messageId: string, itemName: string) {
  const response = await t.request(responder, {
    method: 'POST',
    url: `/api/network-requests/${messageId}/respond`,
    payload: { response: 'add_to_items', item: { name: itemName } },
  });
  expect(response.statusCode).toBe(201);
}

describe('system messages of a deleted account', () => {
  it('no longer carry the name of a responder who added an item, yet still name the item', async () => {
    const requester = await createUser(t.db, { name: 'Rita Requester' });
    const responder = await createUser(t.db, { name: 'Xaver Vanishing' });
    await createMutualContacts(t.db, requester, responder);
    await addItemFor(responder, await askedBy(requester, responder, 'Ladder'), 'Long ladder');
    const sentByResponder = and(eq(messages.receiverId, requester.id), eq(messages.systemEvent, 'network_item_added'));
    const [before] = await t.db.select().from(messages).where(sentByResponder);
    expect(before?.content).toContain('Xaver Vanishing');

    const deleted = await t.request(responder, { method: 'DELETE', url: `/api/gdpr/delete-account/${responder.id}` });
    expect(deleted.statusCode).toBe(204);

    const [after] = await t.db.select().from(messages).where(sentByResponder);
    expect(after).toMatchObject({
      id: before?.id,
      content: itemAddedByDeletedAccountText('Long ladder'),
      systemEvent: 'network_item_added',
    });
    expect(after?.content).not.toContain('Xaver');
    expect(after?.senderId).not.toBe(responder.id);
  });

  it('falls back to “an item” when the added item is gone before the account', async () => {
    const requester = await createUser(t.db, { name: 'Rosa Requester' });
    const responder = await createUser(t.db, { name: 'Yvo Vanishing' });
    await createMutualContacts(t.db, requester, responder);
    await addItemFor(responder, await askedBy(requester, responder, 'Tent'), 'Dome tent');
    const item = (
      (await t.request(responder, { method: 'GET', url: '/api/items/my' })).json() as { id: string; name: string }[]
    ).find((row) => row.name === 'Dome tent');
    expect((await t.request(responder, { method: 'DELETE', url: `/api/items/${item!.id}` })).statusCode).toBe(204);

    await t.request(responder, { method: 'DELETE', url: `/api/gdpr/delete-account/${responder.id}` });

    const [after] = await t.db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.receiverId, requester.id), eq(messages.systemEvent, 'network_item_added')));
    expect(after?.content).toBe(itemAddedByDeletedAccountText(null));
  });
});
