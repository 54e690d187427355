import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import { lendingRequests, messages } from '../../db/schema';
import { lendingConflict } from './lending-errors';
import { addViewer, itemStatus, lendingParties } from '../../../../tests/support/lending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('racing steps on one item', () => {
  it('20 concurrent accepts of 20 pending requests: exactly one wins, the rest get item_lent_to_someone_else', async () => {
    const { owner, item } = await lendingParties(t);
    const requests = [];
    for (let i = 0; i < 20; i++) {
      const person = await addViewer(t, owner, item, `Requester ${i}`);
      requests.push(await createLendingRequest(t.db, item, person));
    }
    const cookie = await t.cookieFor(owner.id);

    const answers = await Promise.all(
      requests.map((request) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/lending-requests/${request.id}`,
          headers: { cookie, origin: t.config.publicUrl.origin },
          payload: { status: 'accepted' },
        }),
      ),
    );

    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().error.code).toBe('item_lent_to_someone_else');
    }
    const rows = await t.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, item.id));
    expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(19);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    expect(rows.find((row) => row.status === 'accepted')?.id).toBe(requests[winner]!.id);
    // Only the winner's requester was told.
    const accepted = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, owner.id), eq(messages.systemEvent, 'request_accepted')));
    expect(accepted.map((m) => m.lendingRequestId)).toEqual([requests[winner]!.id]);
    expect(await itemStatus(t, item.id)).toBe('available');
  });

  it('an accept racing a withdraw of the same request ends in exactly one of them', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const request = await createLendingRequest(t.db, item, requester);
    const url = `/api/lending-requests/${request.id}`;
    const [accept, withdraw] = await Promise.all([
      t.request(owner, { method: 'PUT', url, payload: { status: 'accepted' } }),
      t.request(requester, { method: 'DELETE', url }),
    ]);
    expect([accept.statusCode, withdraw.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, request.id));
    expect(row!.status).toBe(accept.statusCode === 200 ? 'accepted' : 'withdrawn');
  });
});

describe('the database indexes as the final arbiter', () => {
  it('maps a second accepted-or-borrowed request of an item to item_lent_to_someone_else', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const carol = await addViewer(t, owner, item);
    await createLendingRequest(t.db, item, requester, { status: 'accepted' });
    const error = await createLendingRequest(t.db, item, carol, { status: 'borrowed' }).catch((e: unknown) => e);
    expect(lendingConflict(error)?.code).toBe('item_lent_to_someone_else');
    expect(lendingConflict(error)?.statusCode).toBe(409);
  });

  it('maps a second open request of one requester to request_already_active', async () => {
    const { requester, item } = await lendingParties(t);
    await createLendingRequest(t.db, item, requester);
    const error = await createLendingRequest(t.db, item, requester).catch((e: unknown) => e);
    expect(lendingConflict(error)?.code).toBe('request_already_active');
  });

  it('leaves every other error alone', async () => {
    const { requester, item } = await lendingParties(t);
    const error = await createLendingRequest(t.db, item, requester, { message: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(lendingConflict(error)).toBeNull();
    expect(lendingConflict(new Error('boom'))).toBeNull();
  });
});
