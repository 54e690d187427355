import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { pinClockEarlyInWindow, restoreClockAfterEach } from '../../../../tests/support/clock';
import { inDays } from '../../../../tests/support/lending';
import { loanBody, recordingParties, recordLoanAs } from '../../../../tests/support/recorded-loans';
import { LIMITS } from '@/contract/limits';
import { lendingRequests, messages, rateLimitCounters } from '../../db/schema';
import { messageSendLimit } from '../../rate-limits/message-send-limit';

/**
 * Recording a loan for a registered borrower tells them (a `loan_recorded`
 * message and a push), and a finished loan needs no free item: so each such
 * recording spends the owner's message budget (issue 19 review), shared with
 * POST /api/messages. A loan only the owner sees tells nobody and is free.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
restoreClockAfterEach();

const WINDOW_MS = 60_000;

/** The owner has already spent `count` of this minute's budget (as if they had sent that many messages). */
async function spent(user: { id: string }, count: number) {
  const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS);
  await t.db.insert(rateLimitCounters).values({ key: messageSendLimit(user.id).key, windowStart, count });
}

const finished = (contactId: string, daysAgo: number) =>
  loanBody({ contactId }, { lentOn: inDays(-daysAgo), expectedReturnDate: null, returnedOn: inDays(-daysAgo) });

describe('recording loans spends the message budget', () => {
  it('refuses with 429 and Retry-After once the budget is spent, writing no loan and no message', async () => {
    const p = await recordingParties(t);
    pinClockEarlyInWindow(WINDOW_MS);
    await spent(p.owner, LIMITS.messagesPerMinute);

    const refused = await recordLoanAs(t, p.owner, p.item.id, finished(p.borrowerEntry.id, 20));
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'too_many_requests']);
    // Pinned one second into the minute: the rest of it.
    expect(refused.headers['retry-after']).toBe('59');
    expect(await t.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, p.item.id))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.receiverId, p.borrower.id))).toEqual([]);

    // A loan that tells nobody (a typed name, an entry without an account) is the owner's record: no budget.
    expect((await recordLoanAs(t, p.owner, p.item.id, loanBody({ name: 'Marco' }))).statusCode).toBe(201);
    const forEntry = loanBody({ contactId: p.unregisteredEntry.id }, { returnedOn: inDays(-1) });
    expect((await recordLoanAs(t, p.owner, p.item.id, forEntry)).statusCode).toBe(201);
  });

  it('a told loan costs one message: the last one of the budget leaves no message to send', async () => {
    const p = await recordingParties(t);
    pinClockEarlyInWindow(WINDOW_MS);
    await spent(p.owner, LIMITS.messagesPerMinute - 1);

    expect((await recordLoanAs(t, p.owner, p.item.id, finished(p.borrowerEntry.id, 30))).statusCode).toBe(201);
    const message = await t.request(p.owner, {
      method: 'POST',
      url: '/api/messages',
      payload: { senderId: p.owner.id, receiverId: p.borrower.id, content: 'One more' },
    });
    expect([message.statusCode, message.json().error.code]).toEqual([429, 'too_many_requests']);
    // The budget is the owner's: the borrower can still answer.
    const answer = await t.request(p.borrower, {
      method: 'POST',
      url: '/api/messages',
      payload: { senderId: p.borrower.id, receiverId: p.owner.id, content: 'Thanks!' },
    });
    expect(answer.statusCode).toBe(201);
  });
});
