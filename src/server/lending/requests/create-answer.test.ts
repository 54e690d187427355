import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LendingRequest } from '@/contract/schemas/lending';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { borrowPayload, lendingParties } from '../../../../tests/support/lending';
import { createLendingRequest } from './create-lending-request';

/**
 * POST /api/lending-requests answers with the request built from the rows
 * the use case already holds (create-lending-request.ts), not read back. It
 * must be the very object the requester's list then shows, key order
 * included: the client puts the answer into the lists it holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/lending-requests: the answer', () => {
  it('is byte for byte the request as GET /api/lending-requests/sent shows it', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.db.execute(
      sql`UPDATE items SET image_url = '/api/photos/x.webp', category = 'tools' WHERE id = ${item.id}`,
    );
    const created = await t.request(requester, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: { ...borrowPayload(item.id), message: '  Saturday, please?  ' },
    });
    expect(created.statusCode).toBe(201);
    const answer = created.json<LendingRequest>();
    const sent = await t.request(requester, { method: 'GET', url: '/api/lending-requests/sent' });
    const listed = sent.json<LendingRequest[]>().find((request) => request.id === answer.id);
    expect(JSON.stringify(answer)).toBe(JSON.stringify(listed));
    expect(answer).toMatchObject({
      message: 'Saturday, please?',
      status: 'pending',
      requester: { name: 'Bob', deleted: false },
      owner: { name: 'Alice' },
      item: { name: 'Drill', description: 'Cordless, two batteries', imageUrl: '/api/photos/x.webp' },
    });
    expect(answer.ownerId).toBe(owner.id);
  });
});

describe('asking to borrow', () => {
  // The item locked, the checks' facts, then the request with its message and the owner's notification
  // in one statement (message-writer/write-messages.ts), inside BEGIN and COMMIT: docs/performance.md, round 3.
  it('runs five statements, its notification included', async () => {
    const { requester, item } = await lendingParties(t);
    const before = t.database.queryCount();
    const asked = await createLendingRequest(t.db, requester, borrowPayload(item.id));
    expect(t.database.queryCount() - before).toBe(5);
    const [notification] = await t.db
      .execute<{ kind: string }>(sql`SELECT kind FROM notifications WHERE message_id = ${asked.posted[0]!.id}`)
      .then((result) => result.rows);
    expect(notification).toEqual({ kind: 'borrow_request' });
  });
});
