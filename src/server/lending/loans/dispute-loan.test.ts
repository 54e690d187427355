import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../../tests/support/factories';
import { shareWithUser } from '../../../../tests/support/item-factories';
import { clearQueuedJobs, queuedJobs } from '../../../../tests/support/jobs';
import { inDays, itemStatus, requestStatus } from '../../../../tests/support/lending';
import { borrowedLoan } from '../../../../tests/support/loans';
import {
  disputeAs,
  loanBody,
  loanMessages,
  recordedLoan,
  recordingParties,
} from '../../../../tests/support/recorded-loans';
import { loanReminderJobKey } from '../reminders/sync-loan-reminder';

/**
 * POST /api/lending-requests/{id}/dispute (issue 19, docs/decisions/0028):
 * "That's not right", said by the borrower named on a loan the owner
 * recorded. It ends only that loan.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

/** Alice recorded that Bob has her drill, due in a week. */
async function recordedForBob() {
  const p = await recordingParties(t);
  const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.borrowerEntry.id }));
  return { ...p, loan };
}

const reminderJobs = async (loanId: string) =>
  (await queuedJobs(t.database.pool)).filter((job) => job.key === loanReminderJobKey(loanId));

describe('who may dispute', () => {
  it('answers 401 signed out, 404 to a stranger and to a viewer of the item, 403 to the owner', async () => {
    const p = await recordedForBob();
    expect((await disputeAs(t, null, p.loan.id)).statusCode).toBe(401);
    expect((await disputeAs(t, p.stranger, p.loan.id)).statusCode).toBe(404);
    expect((await disputeAs(t, p.viewer, p.loan.id)).statusCode).toBe(404);
    const byOwner = await disputeAs(t, p.owner, p.loan.id);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.code).toBe('permission_denied');
    expect(await requestStatus(t, p.loan.id)).toBe('borrowed');
    expect(await itemStatus(t, p.item.id)).toBe('borrowed');
  });

  it('answers 404 for an id that names no loan', async () => {
    const p = await recordingParties(t);
    expect((await disputeAs(t, p.borrower, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a loan the borrower asked for in the app cannot be disputed (409)', async () => {
    const loan = await borrowedLoan(t);
    const response = await disputeAs(t, loan.requester, loan.loanId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'request_transition_not_allowed',
      messageKey: 'errors.request_transition_not_allowed',
    });
    expect(await requestStatus(t, loan.loanId)).toBe('borrowed');
  });
});

describe('a dispute', () => {
  it('ends an ongoing loan: disputed, the item back home, its reminder gone, the owner told', async () => {
    const p = await recordedForBob();
    expect(await reminderJobs(p.loan.id)).toHaveLength(1);

    const response = await disputeAs(t, p.borrower, p.loan.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: p.loan.id,
      origin: 'recorded',
      status: 'disputed',
      requesterId: p.borrower.id,
      ownerId: p.owner.id,
      item: { name: 'Drill' },
    });
    expect(await itemStatus(t, p.item.id)).toBe('available');
    expect(await reminderJobs(p.loan.id)).toEqual([]);
    expect((await loanMessages(t, p.loan.id)).at(-1)).toEqual({
      senderId: p.borrower.id,
      receiverId: p.owner.id,
      systemEvent: 'loan_disputed',
      systemItemName: 'Drill',
      content: 'Loan marked as not right: Drill',
    });
    // Ended: a second "not right" is no step any more.
    const again = await disputeAs(t, p.borrower, p.loan.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('request_transition_not_allowed');
  });

  it('of a finished loan leaves the item as it is, even lent to someone else now', async () => {
    const p = await recordingParties(t);
    const past = await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody({ contactId: p.borrowerEntry.id }, { lentOn: inDays(-30), returnedOn: inDays(-20) }),
    );
    await recordedLoan(t, p.owner, p.item.id, loanBody({ name: 'Marco' }));
    const response = await disputeAs(t, p.borrower, past.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('disputed');
    expect(await itemStatus(t, p.item.id)).toBe('borrowed');
  });

  it('ends only the disputing borrower’s own loan; another borrower’s loan is 404 to them', async () => {
    const p = await recordedForBob();
    const gina = await createUser(t.db, { name: 'Gina' });
    const [entryForGina] = await createMutualContacts(t.db, p.owner, gina);
    await shareWithUser(t.db, p.item, gina);
    const ginasPast = await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody({ contactId: entryForGina!.id }, { lentOn: inDays(-30), returnedOn: inDays(-20) }),
    );
    expect(ginasPast.requesterId).toBe(gina.id);

    expect((await disputeAs(t, p.borrower, ginasPast.id)).statusCode).toBe(404);
    expect((await disputeAs(t, gina, p.loan.id)).statusCode).toBe(404);
    expect(await requestStatus(t, ginasPast.id)).toBe('returned');

    expect((await disputeAs(t, gina, ginasPast.id)).statusCode).toBe(200);
    expect(await requestStatus(t, ginasPast.id)).toBe('disputed');
    expect(await requestStatus(t, p.loan.id)).toBe('borrowed');
    expect(await itemStatus(t, p.item.id)).toBe('borrowed');
  });

  it('frees the item for a new request or a new recorded loan', async () => {
    const p = await recordedForBob();
    expect((await disputeAs(t, p.borrower, p.loan.id)).statusCode).toBe(200);
    const next = await recordedLoan(t, p.owner, p.item.id, loanBody({ name: 'Marco' }));
    expect(next.status).toBe('borrowed');
  });
});
