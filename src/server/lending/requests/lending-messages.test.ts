import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import type { LiveEvent } from '@/contract/schemas/live-events';
import { messages } from '../../db/schema';
import { borrowPayload, lendingParties } from '../../../../tests/support/lending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Collects the live events of each user until `stop()`. */
function listen(...users: { id: string }[]) {
  const heard = new Map<string, LiveEvent[]>(users.map((user) => [user.id, []]));
  const stops = users.map((user) => t.app.liveEvents.subscribe(user.id, (event) => heard.get(user.id)!.push(event)));
  return {
    of: (user: { id: string }) => heard.get(user.id)!,
    clear: () => heard.forEach((events) => events.splice(0)),
    stop: () => stops.forEach((stop) => stop()),
  };
}

const messagesOf = (requestId: string) =>
  t.db
    .select({
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      content: messages.content,
      messageType: messages.messageType,
      systemEvent: messages.systemEvent,
      lendingRequestId: messages.lendingRequestId,
    })
    .from(messages)
    .where(eq(messages.lendingRequestId, requestId))
    .orderBy(asc(messages.createdAt));

describe('system messages and live events of each step', () => {
  it('posts each step into the two people’s conversation and tells both of them live', async () => {
    const { owner, requester, stranger, item } = await lendingParties(t);
    const live = listen(owner, requester, stranger);

    const created = await t.request(requester, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(item.id, { message: 'May I borrow it on Saturday?' }),
    });
    expect(created.statusCode).toBe(201);
    const requestId: string = created.json().id;
    expect(await messagesOf(requestId)).toEqual([
      {
        senderId: requester.id,
        receiverId: owner.id,
        content: 'May I borrow it on Saturday?',
        messageType: 'request_notification',
        systemEvent: 'request_created',
        lendingRequestId: requestId,
      },
    ]);
    const changed = { type: 'request_changed', requestId, itemId: item.id };
    expect(live.of(owner)).toEqual(
      expect.arrayContaining([
        changed,
        { type: 'message', partnerId: requester.id },
        { type: 'unread_count', count: 1 },
      ]),
    );
    expect(live.of(requester)).toEqual(expect.arrayContaining([changed, { type: 'message', partnerId: owner.id }]));
    expect(live.of(requester)).not.toContainEqual(expect.objectContaining({ type: 'unread_count' }));

    const steps = [
      { status: 'accepted', systemEvent: 'request_accepted', content: 'Request accepted: Drill' },
      { status: 'borrowed', systemEvent: 'item_borrowed', content: 'Item handed over: Drill' },
      { status: 'returned', systemEvent: 'item_returned', content: 'Item returned: Drill' },
    ];
    for (const [index, step] of steps.entries()) {
      live.clear();
      const response = await t.request(owner, {
        method: 'PUT',
        url: `/api/lending-requests/${requestId}`,
        payload: { status: step.status },
      });
      expect(response.statusCode).toBe(200);
      const posted = await messagesOf(requestId);
      expect(posted).toHaveLength(2 + index);
      expect(posted.at(-1)).toEqual({
        senderId: owner.id,
        receiverId: requester.id,
        content: step.content,
        messageType: 'system',
        systemEvent: step.systemEvent,
        lendingRequestId: requestId,
      });
      expect(live.of(requester)).toEqual(
        expect.arrayContaining([
          changed,
          { type: 'message', partnerId: owner.id },
          { type: 'unread_count', count: 1 + index },
        ]),
      );
      expect(live.of(owner)).toEqual(expect.arrayContaining([changed, { type: 'message', partnerId: requester.id }]));
    }
    expect(live.of(stranger)).toEqual([]);
    live.stop();
  });

  it('follows a decision with the owner’s response as their own message, after it', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const response = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${request.id}`,
      payload: { status: 'declined', ownerResponse: '  I need it myself this week  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'declined', ownerResponse: 'I need it myself this week' });
    expect(response.json().respondedAt).not.toBeNull();
    expect(await messagesOf(request.id)).toEqual([
      expect.objectContaining({
        senderId: owner.id,
        receiverId: requester.id,
        messageType: 'system',
        systemEvent: 'request_declined',
        content: 'Request declined: Drill',
      }),
    ]);
    // In thread order (time, newest last): the answer follows the decision, though one transaction wrote both.
    const conversation = await t.db
      .select()
      .from(messages)
      .where(eq(messages.senderId, owner.id))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    expect(conversation.map((m) => [m.messageType, m.content])).toEqual([
      ['system', 'Request declined: Drill'],
      ['user', 'I need it myself this week'],
    ]);
  });

  it('tells the owner when the requester withdraws', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const pending = await createLendingRequest(t.db, item, requester);
    const live = listen(owner);
    const withdrawn = await t.request(requester, {
      method: 'DELETE',
      url: `/api/lending-requests/${pending.id}?userId=${requester.id}`,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect(await messagesOf(pending.id)).toEqual([
      {
        senderId: requester.id,
        receiverId: owner.id,
        content: 'Request withdrawn: Drill',
        messageType: 'system',
        systemEvent: 'request_withdrawn',
        lendingRequestId: pending.id,
      },
    ]);
    expect(live.of(owner)).toContainEqual({ type: 'request_changed', requestId: pending.id, itemId: item.id });
    live.stop();
  });

  it('posts nothing and announces nothing when a step is refused', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const live = listen(owner, requester);
    const refused = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${request.id}`,
      payload: { status: 'returned' },
    });
    expect(refused.statusCode).toBe(409);
    expect(await messagesOf(request.id)).toEqual([]);
    expect([...live.of(owner), ...live.of(requester)]).toEqual([]);
    live.stop();
  });
});
