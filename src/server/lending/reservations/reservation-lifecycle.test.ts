import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESERVATION_PICKUP_GRACE_DAYS } from '@/contract/reservations';
import { addDays } from '@/contract/schemas/lending';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { clearQueuedJobs, queuedJobs } from '../../../../tests/support/jobs';
import { borrowPayload, inDays, lendingParties } from '../../../../tests/support/lending';
import { ownerStep, remindersOf, runJobsAt, TIMING } from '../../../../tests/support/loans';
import { itemHolds, lendingRequests, messages } from '../../db/schema';
import { zonedHourToInstant } from '../../dates/zoned-time';

/**
 * A reservation's life after the accept (issue 35, docs/decisions/0047):
 * the hand-over reminder on its first day and the release of one not
 * handed over within the pick-up grace, through the real routes and the
 * real job queue, on a clock the test sets.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

const START_IN_DAYS = 2;

/** Bob's accepted reservation of Alice's drill, from two days ahead for five days. */
async function reservation() {
  const parties = await lendingParties(t);
  const created = await t.request(parties.requester, {
    method: 'POST',
    url: '/api/lending-requests',
    payload: borrowPayload(parties.item.id, {
      requestedFrom: inDays(START_IN_DAYS),
      expectedReturnDate: inDays(START_IN_DAYS + 4),
    }),
  });
  const id = created.json<{ id: string }>().id;
  await ownerStep(t, parties.owner, id, 'accepted');
  const start = inDays(START_IN_DAYS);
  return {
    ...parties,
    id,
    handoverAt: zonedHourToInstant(start, TIMING.hour, TIMING.timeZone),
    releaseAt: zonedHourToInstant(addDays(start, RESERVATION_PICKUP_GRACE_DAYS), TIMING.hour, TIMING.timeZone),
  };
}

const status = async (id: string) =>
  (await t.db.select({ status: lendingRequests.status }).from(lendingRequests).where(eq(lendingRequests.id, id)))[0]
    ?.status;
const releasedMessages = (id: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.lendingRequestId, id), eq(messages.systemEvent, 'reservation_released')));
const minutes = (instant: Date, count: number) => new Date(instant.getTime() + count * 60_000);

describe('the hand-over reminder', () => {
  it('reaches both people on the first day at 9 in the community’s zone, once, even with two instances', async () => {
    const booked = await reservation();
    await runJobsAt(t, new Date());
    await runJobsAt(t, minutes(booked.handoverAt, -1));
    expect(await remindersOf(t, booked.requester.id)).toEqual([]);

    await runJobsAt(t, booked.handoverAt, undefined, 2);
    await runJobsAt(t, minutes(booked.handoverAt, 5), undefined, 2);
    expect(await remindersOf(t, booked.requester.id)).toEqual(['handover:0']);
    expect(await remindersOf(t, booked.owner.id)).toEqual(['handover:0']);
  });
});

describe('releasing a reservation not handed over', () => {
  it('after the grace: released, the days free, the requester told once, and they may ask again', async () => {
    const booked = await reservation();
    await runJobsAt(t, new Date());
    await runJobsAt(t, booked.handoverAt);
    await runJobsAt(t, minutes(booked.releaseAt, -1));
    expect(await status(booked.id)).toBe('accepted');

    await runJobsAt(t, booked.releaseAt, undefined, 2);
    expect(await status(booked.id)).toBe('released');
    const told = await releasedMessages(booked.id);
    expect(told.map((message) => [message.senderId, message.receiverId])).toEqual([
      [booked.owner.id, booked.requester.id],
    ]);
    expect(await t.db.select().from(itemHolds).where(eq(itemHolds.itemId, booked.item.id))).toEqual([]);
    expect((await queuedJobs(t.database.pool)).filter((job) => job.payload.lendingRequestId === booked.id)).toEqual([]);

    const again = await t.request(booked.requester, {
      method: 'POST',
      url: '/api/lending-requests',
      payload: borrowPayload(booked.item.id),
    });
    expect(again.statusCode).toBe(201);
  });

  it('not when it was handed over in time', async () => {
    const booked = await reservation();
    await runJobsAt(t, new Date());
    await ownerStep(t, booked.owner, booked.id, 'borrowed');
    await runJobsAt(t, booked.releaseAt);
    expect(await status(booked.id)).toBe('borrowed');
    expect(await releasedMessages(booked.id)).toEqual([]);
  });

  it('not when the owner keeps it; only the owner may, only while it is accepted', async () => {
    const booked = await reservation();
    const keep = (user: { id: string } | null) =>
      t.request(user, { method: 'POST', url: `/api/lending-requests/${booked.id}/keep` });
    expect((await keep(null)).statusCode).toBe(401);
    expect((await keep(booked.stranger)).statusCode).toBe(404);
    expect((await keep(booked.requester)).statusCode).toBe(403);
    expect((await keep(booked.owner)).statusCode).toBe(204);
    expect((await keep(booked.owner)).statusCode).toBe(204);

    await runJobsAt(t, new Date());
    await runJobsAt(t, booked.handoverAt);
    await runJobsAt(t, booked.releaseAt);
    await runJobsAt(t, minutes(booked.releaseAt, 60 * 24 * 7));
    expect(await status(booked.id)).toBe('accepted');

    await ownerStep(t, booked.owner, booked.id, 'borrowed');
    const late = await keep(booked.owner);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'request_transition_not_allowed']);
  });
});
