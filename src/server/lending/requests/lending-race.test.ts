import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest } from '../../../../tests/support/factories';
import { itemHolds, lendingRequests, messages } from '../../db/schema';
import { holdOverlapError } from '../../http/hold-overlap';
import { lendingConflict } from './lending-errors';
import { addViewer, itemStatus, lendingParties } from '../../../../tests/support/lending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('racing steps on one item', () => {
  it('20 concurrent accepts of 20 pending requests for the same week: exactly one wins, the rest get item_booked with its days', async () => {
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
      expect(answer.json().error).toMatchObject({
        code: 'item_booked',
        conflict: { from: '2099-01-01', until: '2099-01-08' },
      });
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

describe('the database as the final arbiter', () => {
  it('refuses overlapping days by itself: 20 concurrent accepts without the item lock, one wins', async () => {
    // Direct SQL, as a writer that skipped the use case's lock and checks would: only the exclusion constraint
    // item_holds_never_overlap (drizzle/0029) stands between these and a double booking.
    const { owner, item } = await lendingParties(t);
    const requests = [];
    for (let i = 0; i < 20; i++) {
      const person = await addViewer(t, owner, item, `Racer ${i}`);
      requests.push(
        await createLendingRequest(t.db, item, person, {
          requestedFrom: `2099-03-${String(1 + i).padStart(2, '0')}`,
          expectedReturnDate: '2099-03-25',
        }),
      );
    }
    const outcomes = await Promise.allSettled(
      requests.map((request) =>
        t.db.update(lendingRequests).set({ status: 'accepted' }).where(eq(lendingRequests.id, request.id)),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(holdOverlapError(outcome.reason)?.code).toBe('item_booked');
    }
    const held = await t.db.select().from(itemHolds).where(eq(itemHolds.itemId, item.id));
    expect(held).toHaveLength(1);
  });

  it('a second accepted request for overlapping days is refused with the held days; adjacent days are not', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const carol = await addViewer(t, owner, item);
    const dave = await addViewer(t, owner, item, 'Dave');
    await createLendingRequest(t.db, item, requester, {
      status: 'accepted',
      requestedFrom: '2099-05-10',
      expectedReturnDate: '2099-05-20',
    });
    const error = await createLendingRequest(t.db, item, carol, {
      status: 'borrowed',
      requestedFrom: '2099-05-20',
      expectedReturnDate: '2099-05-22',
    }).catch((e: unknown) => e);
    expect(holdOverlapError(error)?.conflict).toEqual({ from: '2099-05-10', until: '2099-05-20', suggestion: null });
    // The day after the first period ends is free.
    await createLendingRequest(t.db, item, dave, {
      status: 'accepted',
      requestedFrom: '2099-05-21',
      expectedReturnDate: '2099-05-22',
    });
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

  it('a late hand-over holds its days through the hand-over day: refused on days promised to someone else', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const carol = await addViewer(t, owner, item);
    const late = await createLendingRequest(t.db, item, requester, {
      status: 'accepted',
      requestedFrom: '2099-06-06',
      expectedReturnDate: '2099-06-06',
    });
    await createLendingRequest(t.db, item, carol, {
      status: 'accepted',
      requestedFrom: '2099-06-07',
      expectedReturnDate: '2099-06-10',
    });
    // Handed out on the 8th: the item would be out on Carol's days.
    const error = await t.db
      .update(lendingRequests)
      .set({ status: 'borrowed', lentOn: '2099-06-08' })
      .where(eq(lendingRequests.id, late.id))
      .catch((e: unknown) => e);
    expect(holdOverlapError(error)?.conflict).toEqual({ from: '2099-06-07', until: '2099-06-10', suggestion: null });
  });
});
