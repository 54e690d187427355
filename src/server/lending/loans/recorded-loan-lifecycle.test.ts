import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createContact, createUser } from '../../../../tests/support/factories';
import { createItem } from '../../../../tests/support/item-factories';
import { clearQueuedJobs } from '../../../../tests/support/jobs';
import { inDays, itemStatus } from '../../../../tests/support/lending';
import { remindersOf, runJobsAt, TIMING } from '../../../../tests/support/loans';
import {
  loanBody,
  loanMessages,
  loanRow,
  recordedLoan,
  recordingParties,
} from '../../../../tests/support/recorded-loans';
import { lendingRequests, notifications } from '../../db/schema';
import { renderNotificationText } from '../../notifications/notification-texts';
import { reminderMoments } from '../reminders/reminder-schedule';

/**
 * A recorded loan after it was written down (issue 19, docs/decisions/0028):
 * it comes back like any loan, its due date reminds whoever is in the app,
 * and an entry without an account that joins through its invitation finds
 * the loans recorded for it on its side.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearQueuedJobs(t.database.pool));

/** Today in the app's calendar (REMINDER_TIME_ZONE), the day a return is recorded on. */
const appToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: t.config.reminders.timeZone }).format(new Date());

const returnItem = (owner: { id: string }, itemId: string) =>
  t.request(owner, { method: 'PUT', url: `/api/items/${itemId}/return` });

describe('returning a recorded loan', () => {
  it('for a registered borrower: returned today, the item available, the borrower told item_returned', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.borrowerEntry.id }));
    // Bob sees the drill but does not own it: only the owner takes it back.
    expect((await returnItem(p.borrower, p.item.id)).statusCode).toBe(403);

    expect((await returnItem(p.owner, p.item.id)).statusCode).toBe(204);
    expect(await loanRow(t, loan.id)).toMatchObject({ status: 'returned', returnedOn: appToday(), lentOn: inDays(-7) });
    expect(await itemStatus(t, p.item.id)).toBe('available');
    expect((await loanMessages(t, loan.id)).map((m) => [m.systemEvent, m.senderId, m.receiverId])).toEqual([
      ['loan_recorded', p.owner.id, p.borrower.id],
      ['item_returned', p.owner.id, p.borrower.id],
    ]);
  });

  it('for someone without an account: returned today, the item available, nobody told', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.unregisteredEntry.id }));
    expect((await returnItem(p.owner, p.item.id)).statusCode).toBe(204);
    expect(await loanRow(t, loan.id)).toMatchObject({ status: 'returned', returnedOn: appToday() });
    expect(await itemStatus(t, p.item.id)).toBe('available');
    expect(await loanMessages(t, loan.id)).toEqual([]);
  });
});

describe('due-date reminders of a recorded loan', () => {
  it('without a registered borrower only the owner is reminded, with the name they wrote down', async () => {
    const p = await recordingParties(t);
    const dueDate = inDays(7);
    await recordedLoan(t, p.owner, p.item.id, loanBody({ name: 'Marco' }, { expectedReturnDate: dueDate }));
    await runJobsAt(t, new Date());
    await runJobsAt(t, reminderMoments(dueDate, TIMING)[0]!.at);

    expect(await remindersOf(t, p.owner.id)).toEqual(['due_soon:0']);
    const [reminder] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.owner.id), eq(notifications.kind, 'reminder')));
    expect(reminder?.payload).toMatchObject({ role: 'owner', partnerId: null, partnerName: 'Marco' });
    const text = renderNotificationText({ ...reminder!, language: 'en' });
    expect(text.title).toBe('Drill comes back tomorrow');
    expect(text.body).toMatch(/^Marco should return it by /);
    // No conversation to open with someone who is not in the app.
    expect(text.url).toBe('/');
  });

  it('with a registered borrower both are reminded, as for a loan asked for in the app', async () => {
    const p = await recordingParties(t);
    const dueDate = inDays(7);
    await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody({ contactId: p.borrowerEntry.id }, { expectedReturnDate: dueDate }),
    );
    await runJobsAt(t, new Date());
    await runJobsAt(t, reminderMoments(dueDate, TIMING)[0]!.at);
    expect(await remindersOf(t, p.owner.id)).toEqual(['due_soon:0']);
    expect(await remindersOf(t, p.borrower.id)).toEqual(['due_soon:0']);
  });
});

describe('an entry that joins through its invitation', () => {
  /** Eve follows the link Alice sends her and signs in: the real referral path. */
  async function eveJoins(owner: { id: string }, entryId: string) {
    const invitation = await t.request(owner, { method: 'GET', url: `/api/contacts/invitation/${entryId}` });
    expect(invitation.statusCode).toBe(200);
    const ref = new URL(invitation.json<{ invitationLink: string }>().invitationLink).searchParams.get('ref')!;
    const joining = await createUser(t.db, { name: 'Eve Example' });
    const processed = await t.request(joining, {
      method: 'POST',
      url: '/api/referral/process',
      payload: { referralData: ref },
    });
    expect(processed.statusCode).toBe(200);
    return joining;
  }

  it('finds the loans recorded for her entry on her side; a typed name and a disputed loan stay as they were', async () => {
    const p = await recordingParties(t);
    const ongoing = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.unregisteredEntry.id }));
    const past = await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody({ contactId: p.unregisteredEntry.id }, { lentOn: inDays(-40), returnedOn: inDays(-30) }),
    );
    const typed = await recordedLoan(
      t,
      p.owner,
      p.item.id,
      loanBody({ name: 'Eve' }, { lentOn: inDays(-90), returnedOn: inDays(-80) }),
    );
    // A loan written straight to the table: the API only disputes loans with a registered borrower.
    const [disputed] = await t.db
      .insert(lendingRequests)
      .values({
        itemId: p.item.id,
        ownerId: p.owner.id,
        origin: 'recorded',
        borrowerContactId: p.unregisteredEntry.id,
        borrowerName: 'Eve',
        status: 'disputed',
        lentOn: inDays(-120),
      })
      .returning();
    // Carol knows an Eve too: her entry is another one, and so are its loans.
    const othersEntry = await createContact(t.db, p.viewer, { name: 'Eve' });
    const othersItem = await createItem(t.db, p.viewer, { name: 'Ladder' });
    const [othersLoan] = await t.db
      .insert(lendingRequests)
      .values({
        itemId: othersItem.id,
        ownerId: p.viewer.id,
        origin: 'recorded',
        borrowerContactId: othersEntry.id,
        borrowerName: 'Eve',
        status: 'returned',
        lentOn: inDays(-10),
        returnedOn: inDays(-9),
      })
      .returning();

    const eve = await eveJoins(p.owner, p.unregisteredEntry.id);

    for (const id of [ongoing.id, past.id]) {
      expect(await loanRow(t, id)).toMatchObject({
        requesterId: eve.id,
        borrowerContactId: p.unregisteredEntry.id,
        borrowerName: null,
      });
    }
    expect(await loanRow(t, typed.id)).toMatchObject({ requesterId: null, borrowerName: 'Eve' });
    expect(await loanRow(t, disputed!.id)).toMatchObject({ requesterId: null, borrowerName: 'Eve' });
    expect(await loanRow(t, othersLoan!.id)).toMatchObject({ requesterId: null, borrowerName: 'Eve' });

    const sent = await t.request(eve, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(sent.statusCode).toBe(200);
    expect(
      sent
        .json<{ id: string; origin: string; status: string }[]>()
        .map(({ id, origin, status }) => ({ id, origin, status })),
    ).toEqual(
      expect.arrayContaining([
        { id: ongoing.id, origin: 'recorded', status: 'borrowed' },
        { id: past.id, origin: 'recorded', status: 'returned' },
      ]),
    );
    expect(sent.json()).toHaveLength(2);

    // On her side now: she may say it is not right.
    const dispute = await t.request(eve, { method: 'POST', url: `/api/lending-requests/${ongoing.id}/dispute` });
    expect(dispute.statusCode).toBe(200);
    expect(await itemStatus(t, p.item.id)).toBe('available');
  });

  it('when the owner meanwhile added her account another way, the loans follow to the entry that stays', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.unregisteredEntry.id }));
    const eve = await createUser(t.db, { name: 'Eve Example' });
    const invitation = await t.request(p.owner, {
      method: 'GET',
      url: `/api/contacts/invitation/${p.unregisteredEntry.id}`,
    });
    expect(invitation.statusCode).toBe(200);
    const linkedEntry = await createContact(t.db, p.owner, { contactUserId: eve.id, name: 'Eve Example' });
    const ref = new URL(invitation.json<{ invitationLink: string }>().invitationLink).searchParams.get('ref')!;
    const processed = await t.request(eve, {
      method: 'POST',
      url: '/api/referral/process',
      payload: { referralData: ref },
    });
    expect(processed.statusCode).toBe(200);
    expect(await loanRow(t, loan.id)).toMatchObject({
      requesterId: eve.id,
      borrowerContactId: linkedEntry.id,
      borrowerName: null,
    });
  });
});
