import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { clearQueuedJobs, queuedJobs } from '../../../../tests/support/jobs';
import { LIMITS } from '@/contract/limits';
import { addDays } from '@/contract/schemas/lending';
import { borrowedLoan, remindersOf, runJobsAt, TIMING } from '../../../../tests/support/loans';
import { lendingRequests, loanExtensionRequests, messages } from '../../db/schema';
import { reminderMoments } from '../reminders/reminder-schedule';
import { loanReminderJobKey } from '../reminders/sync-loan-reminder';

/** Asking to keep a borrowed item longer, and the owner's answer, through the HTTP routes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

const ask = (user: { id: string } | null, loanId: string, payload: Record<string, unknown>) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/extension`, payload });
const answer = (user: { id: string } | null, loanId: string, verdict: string, payload: Record<string, unknown> = {}) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/extension/${verdict}`, payload });

async function dueDateOf(loanId: string) {
  const [row] = await t.db
    .select({ due: lendingRequests.expectedReturnDate })
    .from(lendingRequests)
    .where(eq(lendingRequests.id, loanId));
  return row?.due;
}

/** The conversation of the loan's two people (each test's loan has its own), oldest first. */
async function conversationOf(loan: { owner: { id: string }; requester: { id: string } }) {
  return t.db
    .select({ event: messages.systemEvent, type: messages.messageType, content: messages.content })
    .from(messages)
    .where(inArray(messages.senderId, [loan.owner.id, loan.requester.id]))
    .orderBy(messages.createdAt);
}

describe('who may ask and answer', () => {
  it('anonymous callers get 401 on every route', async () => {
    const loan = await borrowedLoan(t);
    const later = addDays(loan.dueDate, 7);
    expect((await ask(null, loan.loanId, { requestedUntil: later })).statusCode).toBe(401);
    expect((await answer(null, loan.loanId, 'accept')).statusCode).toBe(401);
    expect((await t.request(null, { method: 'GET', url: '/api/lending-requests/extensions' })).statusCode).toBe(401);
  });

  it('a stranger gets 404; the owner may not ask (403), the borrower may not answer (403)', async () => {
    const loan = await borrowedLoan(t);
    const later = addDays(loan.dueDate, 7);
    expect((await ask(loan.stranger, loan.loanId, { requestedUntil: later })).statusCode).toBe(404);
    expect((await ask(loan.owner, loan.loanId, { requestedUntil: later })).json().error.code).toBe('permission_denied');
    expect((await ask(loan.requester, loan.loanId, { requestedUntil: later })).statusCode).toBe(201);
    expect((await answer(loan.stranger, loan.loanId, 'accept')).statusCode).toBe(404);
    expect((await answer(loan.requester, loan.loanId, 'accept')).statusCode).toBe(403);
    const list = await t.request(loan.stranger, { method: 'GET', url: '/api/lending-requests/extensions' });
    expect(list.json()).toEqual([]);
    expect(await dueDateOf(loan.loanId)).toBe(loan.dueDate);
  });

  it('refuses a loan that is not handed over, a date not after the due date, and a second open request', async () => {
    const promised = await borrowedLoan(t, 10, false);
    const notOut = await ask(promised.requester, promised.loanId, { requestedUntil: addDays(promised.dueDate, 3) });
    expect(notOut.statusCode).toBe(409);
    expect(notOut.json().error.messageKey).toBe('errors.extension_not_possible');

    const loan = await borrowedLoan(t);
    const same = await ask(loan.requester, loan.loanId, { requestedUntil: loan.dueDate });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.issues).toEqual([{ path: 'requestedUntil', messageKey: 'validation.extensionNotLater' }]);
    const tooFar = await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 400) });
    expect(tooFar.json().error.issues[0].messageKey).toBe('validation.extensionTooLong');
    expect((await ask(loan.requester, loan.loanId, { requestedUntil: 'soon' })).statusCode).toBe(400);

    expect((await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 3) })).statusCode).toBe(201);
    const again = await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 5) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.messageKey).toBe('errors.extension_already_pending');
    expect((await answer(loan.owner, loan.loanId, 'later')).statusCode).toBe(400);
  });
});

describe('bad input and late answers', () => {
  it('a note over the message limit is 400 with the translatable message, on asking and on answering', async () => {
    const loan = await borrowedLoan(t);
    const tooLong = 'x'.repeat(LIMITS.messageMax + 1);
    const asked = await ask(loan.requester, loan.loanId, {
      requestedUntil: addDays(loan.dueDate, 3),
      message: tooLong,
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error).toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'message', messageKey: 'validation.messageTooLong' }],
    });
    // Exactly at the limit is fine.
    const atLimit = 'x'.repeat(LIMITS.messageMax);
    expect(
      (await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 3), message: atLimit }))
        .statusCode,
    ).toBe(201);
    const answered = await answer(loan.owner, loan.loanId, 'accept', { response: tooLong });
    expect(answered.statusCode).toBe(400);
    expect(answered.json().error.issues).toEqual([{ path: 'response', messageKey: 'validation.messageTooLong' }]);
    expect(await dueDateOf(loan.loanId)).toBe(loan.dueDate);
  });

  it('accepting or declining after the item came back is 409 request_transition_not_allowed', async () => {
    for (const verdict of ['accept', 'decline']) {
      const loan = await borrowedLoan(t);
      await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 2) });
      expect(
        (await t.request(loan.owner, { method: 'PUT', url: `/api/items/${loan.item.id}/return` })).statusCode,
      ).toBe(204);
      const late = await answer(loan.owner, loan.loanId, verdict);
      expect([late.statusCode, late.json().error.code]).toEqual([409, 'request_transition_not_allowed']);
      expect(late.json().error.messageKey).toBe('errors.extension_not_pending');
      expect(await dueDateOf(loan.loanId)).toBe(loan.dueDate);
    }
  });

  it('a malformed loan id is 400 invalid_input, not a 500', async () => {
    const loan = await borrowedLoan(t);
    const until = addDays(loan.dueDate, 3);
    for (const id of ['not-a-uuid', '123', `${loan.loanId}x`]) {
      const asked = await ask(loan.requester, id, { requestedUntil: until });
      expect([asked.statusCode, asked.json().error.code]).toEqual([400, 'invalid_input']);
      expect(asked.json().error.issues[0].path).toBe('id');
      for (const verdict of ['accept', 'decline']) {
        const answered = await answer(loan.owner, id, verdict);
        expect([answered.statusCode, answered.json().error.code]).toEqual([400, 'invalid_input']);
      }
    }
  });

  it('a loan accepted but not handed over cannot be extended (409 request_transition_not_allowed), nor answered', async () => {
    const promised = await borrowedLoan(t, 10, false);
    const refused = await ask(promised.requester, promised.loanId, { requestedUntil: addDays(promised.dueDate, 3) });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'request_transition_not_allowed']);
    expect(refused.json().error.messageKey).toBe('errors.extension_not_possible');
    const answered = await answer(promised.owner, promised.loanId, 'accept');
    expect([answered.statusCode, answered.json().error.code]).toEqual([409, 'request_transition_not_allowed']);
    const [row] = await t.db
      .select({ id: loanExtensionRequests.id })
      .from(loanExtensionRequests)
      .where(eq(loanExtensionRequests.lendingRequestId, promised.loanId));
    expect(row).toBeUndefined();
  });
});

describe('the flow', () => {
  it('ask → both see it pending → owner accepts: the due date moves, messages posted, reminders follow the new date', async () => {
    const loan = await borrowedLoan(t);
    await runJobsAt(t, new Date());
    // The old date's "due tomorrow" went out already.
    await runJobsAt(t, reminderMoments(loan.dueDate, TIMING)[0]!.at);
    expect(await remindersOf(t, loan.requester.id)).toEqual(['due_soon:0']);

    const until = addDays(loan.dueDate, 7);
    const asked = await ask(loan.requester, loan.loanId, { requestedUntil: until, message: 'Two more shelves to go' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ lendingRequestId: loan.loanId, requestedUntil: until, status: 'pending' });
    for (const user of [loan.owner, loan.requester]) {
      const list = await t.request(user, { method: 'GET', url: '/api/lending-requests/extensions' });
      expect(list.json()).toEqual([asked.json()]);
    }

    const accepted = await answer(loan.owner, loan.loanId, 'accept', { response: 'Sure!' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted' });
    expect(await dueDateOf(loan.loanId)).toBe(until);
    const sent = await t.request(loan.requester, {
      method: 'GET',
      url: `/api/lending-requests/sent?userId=${loan.requester.id}`,
    });
    expect(sent.json()[0].expectedReturnDate).toBe(until);
    expect((await t.request(loan.owner, { method: 'GET', url: '/api/lending-requests/extensions' })).json()).toEqual(
      [],
    );

    const posted = await conversationOf(loan);
    expect(posted.slice(-4).map((m) => [m.event, m.type])).toEqual([
      ['extension_requested', 'system'],
      [null, 'user'],
      ['extension_accepted', 'system'],
      [null, 'user'],
    ]);

    // The job was queued again for the new date, keyed per loan.
    const jobs = (await queuedJobs(t.database.pool)).filter((job) => job.key === loanReminderJobKey(loan.loanId));
    expect(jobs).toHaveLength(1);
    await runJobsAt(t, new Date());
    const [next] = (await queuedJobs(t.database.pool)).filter((job) => job.key === loanReminderJobKey(loan.loanId));
    expect(next?.run_at.toISOString()).toBe(reminderMoments(until, TIMING)[0]!.at.toISOString());
    // Nothing goes out on the old date's day after; the new date gets its own "due tomorrow".
    await runJobsAt(t, reminderMoments(loan.dueDate, TIMING)[1]!.at);
    await runJobsAt(t, reminderMoments(until, TIMING)[0]!.at);
    expect(await remindersOf(t, loan.requester.id)).toEqual(['due_soon:0', 'due_soon:0']);
  });

  it('owner declines: the due date stays; answering again is refused', async () => {
    const loan = await borrowedLoan(t);
    await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 2) });
    const declined = await answer(loan.owner, loan.loanId, 'decline');
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await dueDateOf(loan.loanId)).toBe(loan.dueDate);
    expect((await conversationOf(loan)).at(-1)?.event).toBe('extension_declined');
    const again = await answer(loan.owner, loan.loanId, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.messageKey).toBe('errors.extension_not_pending');
    // After a decline the borrower may ask again.
    expect((await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 1) })).statusCode).toBe(201);
  });

  it('returning the item withdraws an open request', async () => {
    const loan = await borrowedLoan(t);
    await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 2) });
    await t.request(loan.owner, { method: 'PUT', url: `/api/items/${loan.item.id}/return` });
    const [row] = await t.db
      .select({ status: loanExtensionRequests.status })
      .from(loanExtensionRequests)
      .where(and(eq(loanExtensionRequests.lendingRequestId, loan.loanId)));
    expect(row?.status).toBe('withdrawn');
    expect((await answer(loan.owner, loan.loanId, 'accept')).statusCode).toBe(409);
  });

  it('the list takes one statement whatever the number of loans', async () => {
    const counts: number[] = [];
    for (let round = 0; round < 2; round++) {
      const loan = await borrowedLoan(t);
      await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 2) });
      const cookie = await t.cookieFor(loan.owner.id);
      const before = t.database.queryCount();
      await t.app.inject({ method: 'GET', url: '/api/lending-requests/extensions', headers: { cookie } });
      counts.push(t.database.queryCount() - before);
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
