import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { borrowPayload, lendingParties } from '../../../tests/support/lending';
import { items, lendingRequests, messages, users } from '../db/schema';

/*
 * An accepted request on the deleted person's own item (docs/decisions/0015):
 * the pending and borrowed cases are in delete-account.test.ts. Reached
 * through the real routes, so the item is in whatever state accepting leaves it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deleting the account of an owner who accepted a request', () => {
  it('ends the request with the item and tells the requester, naming the item', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const asked = await t.request(requester, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(item.id),
    });
    expect(asked.statusCode).toBe(201);
    const requestId: string = asked.json().id;
    const accepted = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${requestId}`,
      payload: { status: 'accepted', ownerResponse: 'Sure, pick it up Saturday' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');

    const deleted = await t.request(owner, { method: 'DELETE', url: `/api/gdpr/delete-account/${owner.id}` });
    expect(deleted.statusCode).toBe(204);

    expect(await t.db.select().from(items).where(eq(items.id, item.id))).toHaveLength(0);
    expect(await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, requestId))).toHaveLength(0);
    const sent = await t.request(requester, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual([]);

    // The notice comes from the owner's stand-in, not from a dangling id, and names the item.
    const [notice] = await t.db
      .select({ message: messages, sender: users })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.receiverId, requester.id),
          eq(messages.systemEvent, 'owner_account_deleted'),
          isNotNull(users.deletedAt),
        ),
      );
    expect(notice?.message).toMatchObject({ systemItemName: 'Drill', lendingRequestId: null, messageType: 'system' });
    const thread = await t.request(requester, {
      method: 'GET',
      url: `/api/conversations/${requester.id}/${notice?.sender.id}`,
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages).toContainEqual(
      expect.objectContaining({
        systemEvent: 'owner_account_deleted',
        systemItemName: 'Drill',
        lendingRequest: null,
        sender: { name: 'Deleted account', deleted: true },
      }),
    );
  });
});
