import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createContact, createLendingRequest, createUser } from '../../../../tests/support/factories';
import { clearQueuedJobs, queuedJobs } from '../../../../tests/support/jobs';
import { inDays, itemStatus, requestStatus } from '../../../../tests/support/lending';
import {
  loanBody,
  loanMessages,
  loanRow,
  recordedLoan,
  recordingParties,
  recordLoanAs,
} from '../../../../tests/support/recorded-loans';
import { lendingRequests, notifications } from '../../db/schema';
import { loanReminderJobKey } from '../reminders/sync-loan-reminder';

/**
 * POST /api/items/{id}/loans (issue 19, docs/decisions/0028): the owner
 * writes down a loan made outside the app. Who sees it on their side, what
 * it does to the item, and who may record it at all.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

const loansOfItem = (itemId: string) => t.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, itemId));

async function reminderJobs(loanId: string) {
  return (await queuedJobs(t.database.pool)).filter((job) => job.key === loanReminderJobKey(loanId));
}

describe('who may record a loan', () => {
  it('answers 401 signed out, 404 to a stranger and 403 to a viewer, writing nothing', async () => {
    const p = await recordingParties(t);
    const body = loanBody({ name: 'Marco' });
    expect((await recordLoanAs(t, null, p.item.id, body)).statusCode).toBe(401);
    const byStranger = await recordLoanAs(t, p.stranger, p.item.id, body);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().error.code).toBe('not_found');
    const byViewer = await recordLoanAs(t, p.viewer, p.item.id, body);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.code).toBe('permission_denied');
    expect(await loansOfItem(p.item.id)).toEqual([]);
    expect(await itemStatus(t, p.item.id)).toBe('available');
  });

  it("answers 404 for an entry of someone else's address book", async () => {
    const p = await recordingParties(t);
    const othersEntry = await createContact(t.db, p.viewer, { name: 'Not yours' });
    const response = await recordLoanAs(t, p.owner, p.item.id, loanBody({ contactId: othersEntry.id }));
    expect(response.statusCode).toBe(404);
    expect(await loansOfItem(p.item.id)).toEqual([]);
  });
});

describe('the borrower', () => {
  it('a registered contact with an open channel sees the loan on their side, told by a loan_recorded message', async () => {
    const p = await recordingParties(t);
    const response = await recordLoanAs(t, p.owner, p.item.id, loanBody({ contactId: p.borrowerEntry.id }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(Object.keys(response.json())).toEqual(['id']);

    const loan = await loanRow(t, id);
    expect(loan).toMatchObject({
      origin: 'recorded',
      requesterId: p.borrower.id,
      ownerId: p.owner.id,
      borrowerContactId: p.borrowerEntry.id,
      borrowerName: null,
      status: 'borrowed',
      requestedFrom: inDays(-7),
      lentOn: inDays(-7),
      expectedReturnDate: inDays(7),
      returnedOn: null,
      message: 'For the shelves',
    });
    expect(loan.respondedAt).not.toBeNull();
    expect(await itemStatus(t, p.item.id)).toBe('borrowed');

    expect(await loanMessages(t, id)).toEqual([
      {
        senderId: p.owner.id,
        receiverId: p.borrower.id,
        systemEvent: 'loan_recorded',
        systemItemName: 'Drill',
        content: 'Loan recorded: Drill',
      },
    ]);
    const told = await t.db
      .select({ kind: notifications.kind, event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, p.borrower.id));
    expect(told).toEqual([{ kind: 'handover', event: 'loan_recorded' }]);
    expect(await reminderJobs(id)).toHaveLength(1);

    const sent = await t.request(p.borrower, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual([
      expect.objectContaining({
        id,
        origin: 'recorded',
        status: 'borrowed',
        requesterId: p.borrower.id,
        // The note is the owner's own (docs/decisions/0028).
        message: null,
        lentOn: inDays(-7),
        item: expect.objectContaining({ name: 'Drill' }),
        owner: { name: 'Alice' },
      }),
    ]);
  });

  it('an address-book entry without an account: the owner’s record only, under the entry’s name, nobody told', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.unregisteredEntry.id }));
    expect(loan).toMatchObject({
      requesterId: null,
      borrowerContactId: p.unregisteredEntry.id,
      borrowerName: 'Eve',
      status: 'borrowed',
    });
    expect(await loanMessages(t, loan.id)).toEqual([]);
    expect(await itemStatus(t, p.item.id)).toBe('borrowed');
  });

  it('a typed name: no contact, no account', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ name: '  Marco  ' }, { note: '' }));
    expect(loan).toMatchObject({ requesterId: null, borrowerContactId: null, borrowerName: 'Marco', message: null });
    expect(await loanMessages(t, loan.id)).toEqual([]);
  });

  it('a registered contact who blocked the owner gets nothing: the owner’s record only, and no block is revealed', async () => {
    const p = await recordingParties(t);
    const blocked = await t.request(p.borrower, {
      method: 'POST',
      url: '/api/blocks',
      payload: { userId: p.owner.id },
    });
    expect(blocked.statusCode).toBe(204);
    const response = await recordLoanAs(t, p.owner, p.item.id, loanBody({ contactId: p.borrowerEntry.id }));
    expect(response.statusCode).toBe(201);
    const loan = await loanRow(t, response.json<{ id: string }>().id);
    expect(loan).toMatchObject({
      requesterId: null,
      borrowerContactId: p.borrowerEntry.id,
      borrowerName: p.borrowerEntry.name,
    });
    expect(await loanMessages(t, loan.id)).toEqual([]);
    const sent = await t.request(p.borrower, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(sent.json()).toEqual([]);
  });

  it('a registered user in a one-sided entry (no consent to hear from the owner) is not reached either', async () => {
    const p = await recordingParties(t);
    const oneSided = await createUser(t.db, { name: 'Frank' });
    const entry = await createContact(t.db, p.owner, { contactUserId: oneSided.id, name: 'Frank' });
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: entry.id }));
    expect(loan).toMatchObject({ requesterId: null, borrowerContactId: entry.id, borrowerName: 'Frank' });
    expect(await loanMessages(t, loan.id)).toEqual([]);
  });
});

describe('what the loan does to the item', () => {
  it('without a due date, no reminder is queued', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody({ contactId: p.borrowerEntry.id }, { expectedReturnDate: null }),
    );
    expect(loan.expectedReturnDate).toBeNull();
    expect(await reminderJobs(loan.id)).toEqual([]);
  });

  it('an ongoing loan is refused while the item is lent or its days are promised (with the days); other people’s pending requests stay pending', async () => {
    const p = await recordingParties(t);
    const pending = await createLendingRequest(t.db, p.item, p.viewer);
    const promised = await createLendingRequest(t.db, p.item, p.borrower, {
      status: 'accepted',
      requestedFrom: inDays(5),
      expectedReturnDate: inDays(9),
    });
    const whilePromised = await recordLoanAs(t, p.owner, p.item.id, loanBody({ name: 'Marco' }));
    expect(whilePromised.statusCode).toBe(409);
    expect(whilePromised.json().error).toMatchObject({
      code: 'item_booked',
      messageKey: 'errors.item_booked',
      conflict: { from: inDays(5), until: inDays(9) },
    });
    // A loan back before the promised days begin does not touch them (docs/decisions/0047).
    const before = await recordLoanAs(
      t,
      p.owner,
      p.item.id,
      loanBody({ name: 'Marco' }, { expectedReturnDate: inDays(4) }),
    );
    expect(before.statusCode).toBe(201);
    expect(await requestStatus(t, promised.id)).toBe('accepted');
    expect(await requestStatus(t, pending.id)).toBe('pending');
    const again = await recordLoanAs(t, p.owner, p.item.id, loanBody({ name: 'Luca' }, { lentOn: inDays(-1) }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('item_lent_to_someone_else');
  });

  it('an ongoing loan for a registered borrower who asked for the item is refused: the owner answers the request', async () => {
    const p = await recordingParties(t);
    const asked = await createLendingRequest(t.db, p.item, p.borrower);
    const response = await recordLoanAs(t, p.owner, p.item.id, loanBody({ contactId: p.borrowerEntry.id }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'loan_borrower_has_request',
      messageKey: 'errors.loan_borrower_has_request',
    });
    expect(await requestStatus(t, asked.id)).toBe('pending');
    expect(await itemStatus(t, p.item.id)).toBe('available');
    // A finished loan is history and does not compete with the request.
    const past = loanBody({ contactId: p.borrowerEntry.id }, { lentOn: inDays(-30), returnedOn: inDays(-20) });
    expect((await recordLoanAs(t, p.owner, p.item.id, past)).statusCode).toBe(201);
  });

  it('a borrower whose request was accepted is told to use that request, not that the item went to someone else', async () => {
    const p = await recordingParties(t);
    const accepted = await createLendingRequest(t.db, p.item, p.borrower, { status: 'accepted' });
    const response = await recordLoanAs(t, p.owner, p.item.id, loanBody({ contactId: p.borrowerEntry.id }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'loan_borrower_has_request',
      messageKey: 'errors.loan_borrower_has_request',
    });
    expect(await requestStatus(t, accepted.id)).toBe('accepted');
    expect(await itemStatus(t, p.item.id)).toBe('available');
  });

  it('a finished loan is history only: allowed while the item is lent out now, the item untouched', async () => {
    const p = await recordingParties(t);
    await recordedLoan(t, p.owner, p.item.id, loanBody({ name: 'Marco' }));
    const finished = await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody(
        { contactId: p.borrowerEntry.id },
        { lentOn: inDays(-60), expectedReturnDate: inDays(-50), returnedOn: inDays(-45) },
      ),
    );
    expect(finished).toMatchObject({
      status: 'returned',
      requesterId: p.borrower.id,
      lentOn: inDays(-60),
      returnedOn: inDays(-45),
    });
    expect(await itemStatus(t, p.item.id)).toBe('borrowed');
    expect(await reminderJobs(finished.id)).toEqual([]);
    expect((await loanMessages(t, finished.id)).map((m) => m.systemEvent)).toEqual(['loan_recorded']);
  });
});

describe('validation', () => {
  const issuesOf = async (payload: object) => {
    const p = await recordingParties(t);
    const response = await recordLoanAs(t, p.owner, p.item.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_input');
    expect(await loansOfItem(p.item.id)).toEqual([]);
    return (response.json().error.issues as { path: string; messageKey: string }[]).map(
      (issue) => `${issue.path}:${issue.messageKey}`,
    );
  };

  it('refuses a start in the future', async () => {
    expect(await issuesOf(loanBody({ name: 'Marco' }, { lentOn: inDays(3), expectedReturnDate: null }))).toEqual([
      'lentOn:validation.loanStartInFuture',
    ]);
  });

  it('refuses a return in the future and a return before the start', async () => {
    expect(await issuesOf(loanBody({ name: 'Marco' }, { returnedOn: inDays(3) }))).toContain(
      'returnedOn:validation.loanReturnInFuture',
    );
    expect(await issuesOf(loanBody({ name: 'Marco' }, { returnedOn: inDays(-8) }))).toEqual([
      'returnedOn:validation.loanReturnBeforeStart',
    ]);
  });

  it('refuses a due date before the start', async () => {
    expect(await issuesOf(loanBody({ name: 'Marco' }, { expectedReturnDate: inDays(-8) }))).toEqual([
      'expectedReturnDate:validation.loanDueBeforeStart',
    ]);
  });

  it('refuses a missing or empty borrower', async () => {
    const { borrower: _omitted, ...withoutBorrower } = loanBody({ name: 'x' });
    expect(await issuesOf(withoutBorrower)).toEqual(['borrower:validation.loanBorrowerRequired']);
    expect(await issuesOf({ ...withoutBorrower, borrower: {} })).toEqual(['borrower:validation.loanBorrowerRequired']);
    expect(await issuesOf(loanBody({ name: '   ' }))).toContain('borrower.name:validation.loanBorrowerRequired');
  });
});
