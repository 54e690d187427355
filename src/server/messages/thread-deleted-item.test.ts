import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { borrowPayload, lendingParties } from '../../../tests/support/lending';
import type { Thread } from '../../contract/schemas/messages';

/**
 * A loan outlives its item (docs/decisions/0028): after the owner deletes a
 * returned item, the thread still shows the loan's messages with the
 * request and the item's kept name, for both people (issue 19 review).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function step(owner: { id: string }, requestId: string, status: 'accepted' | 'borrowed' | 'returned') {
  const response = await t.request(owner, {
    method: 'PUT',
    url: `/api/lending-requests/${requestId}`,
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function threadOf(reader: { id: string }, partner: { id: string }): Promise<Thread> {
  const response = await t.request(reader, { method: 'GET', url: `/api/conversations/${reader.id}/${partner.id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Thread>();
}

describe('a thread about a loan whose item was deleted', () => {
  it('keeps the request on every message of the loan, under the item’s name, without its id', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const asked = await t.request(requester, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(item.id),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<{ id: string }>().id;
    for (const status of ['accepted', 'borrowed', 'returned'] as const) await step(owner, requestId, status);
    const deleted = await t.request(owner, { method: 'DELETE', url: `/api/items/${item.id}` });
    expect(deleted.statusCode).toBe(204);

    for (const [reader, partner] of [
      [requester, owner],
      [owner, requester],
    ] as const) {
      const loanMessages = (await threadOf(reader, partner)).messages.filter(
        (message) => message.messageType !== 'user',
      );
      expect(loanMessages.length).toBeGreaterThanOrEqual(4);
      for (const message of loanMessages) {
        expect(message.lendingRequest).toMatchObject({
          id: requestId,
          itemId: null,
          itemName: 'Drill',
          status: 'returned',
        });
      }
    }
  });
});
