import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RESERVATION_PICKUP_GRACE_DAYS } from '@/contract/reservations';
import type { Database, DbOrTx } from '../../db/client';
import { items, lendingRequests, loanReminders, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/enqueue-job';
import type { JobPayloads } from '../../jobs/job-names';
import { recordNotifications, type NotificationInput } from '../../notifications/record-notifications';
import { dateInZone } from '../../dates/zoned-time';
import { releaseReservation } from '../reservations/release-reservation';
import { decideReminder, decideReservation, type ReminderMoment, type ReminderTiming } from './reminder-schedule';
import { loanReminderJobKey } from './sync-loan-reminder';

export interface LoanReminderJobDeps {
  db: Database;
  timing: ReminderTiming;
  /** The clock (tests pass their own). */
  now?: () => Date;
}

const borrower = alias(users, 'borrower');
const owner = alias(users, 'owner');

/**
 * The 'loan-reminder' job (docs/decisions/0026): one pending job per loan,
 * queued by syncLoanReminder. It reads the loan; a request that is no
 * longer a loan does nothing and is not queued again. A handed-over loan gets
 * the reminder that is due now, to the borrower and the owner; a loan that is
 * only promised (accepted, not handed over) gets the hand-over reminder on
 * its first day and is released when its pick-up grace is over (issue 35,
 * reservationStep). Then the job queues itself under the same key for the
 * next reminder's time.
 *
 * Exactly once: the row in loan_reminders (primary key loan, kind, due date,
 * sequence) is inserted with ON CONFLICT DO NOTHING, and only the run whose
 * insert returned the row records the notifications, in the same
 * transaction. A retried job, a second instance or a job queued again while
 * one runs finds the row and sends nothing. The loan row is read FOR SHARE:
 * a return waits for a reminder in progress, and a reminder after the return
 * sees it.
 */
export function createLoanReminderJob(deps: LoanReminderJobDeps) {
  return async ({ lendingRequestId }: JobPayloads['loan-reminder']): Promise<void> => {
    const now = deps.now?.() ?? new Date();
    const release = await deps.db.transaction(async (tx): Promise<boolean> => {
      const [loan] = await tx
        .select({
          id: lendingRequests.id,
          status: lendingRequests.status,
          dueDate: lendingRequests.expectedReturnDate,
          startDate: lendingRequests.requestedFrom,
          kept: lendingRequests.keptPastPickup,
          acceptedAt: lendingRequests.respondedAt,
          itemId: items.id,
          itemName: items.name,
          // A loan the owner recorded for someone without an account (issue 19) has no borrower row: its name is
          // the one the owner wrote down.
          borrowerId: borrower.id,
          borrowerName: sql<string>`coalesce(${borrower.name}, ${lendingRequests.borrowerName})`,
          borrowerDeleted: sql<boolean>`${borrower.deletedAt} IS NOT NULL`,
          ownerId: owner.id,
          ownerName: owner.name,
          ownerDeleted: sql<boolean>`${owner.deletedAt} IS NOT NULL`,
        })
        .from(lendingRequests)
        .innerJoin(items, eq(items.id, lendingRequests.itemId))
        .leftJoin(borrower, eq(borrower.id, lendingRequests.requesterId))
        .innerJoin(owner, eq(owner.id, lendingRequests.ownerId))
        .where(eq(lendingRequests.id, lendingRequestId))
        .for('share', { of: lendingRequests });
      if (!loan?.dueDate || (loan.status !== 'accepted' && loan.status !== 'borrowed')) return false;
      const reminded = { ...loan, dueDate: loan.dueDate };
      if (loan.status === 'accepted' && loan.startDate) {
        const acceptedOn = dateInZone(loan.acceptedAt ?? now, deps.timing.timeZone);
        return reservationStep(
          tx,
          reminded,
          { startDate: loan.startDate, acceptedOn, kept: loan.kept },
          now,
          deps.timing,
        );
      }

      const decision = decideReminder(loan.dueDate, now, deps.timing);
      if (decision.send && loan.status === 'borrowed') {
        const recorded = await tx
          .insert(loanReminders)
          .values({
            lendingRequestId: loan.id,
            kind: decision.send.kind,
            dueDate: loan.dueDate,
            sequence: decision.send.sequence,
            sentAt: now,
          })
          .onConflictDoNothing()
          .returning({ sequence: loanReminders.sequence });
        if (recorded.length > 0) {
          await recordNotifications(tx, reminderNotifications(reminded, decision.send), now);
        }
      }
      if (decision.next) {
        await enqueueJob(
          tx,
          'loan-reminder',
          { lendingRequestId: loan.id },
          { jobKey: loanReminderJobKey(loan.id), runAt: decision.next },
        );
      }
      return false;
    });
    // Outside the reading transaction: the release locks the item first, as every lending write does.
    if (release) await releaseReservation(deps.db, lendingRequestId);
  };
}

/**
 * An accepted reservation (issue 35): the hand-over reminder on its first
 * day, exactly once by the same loan_reminders row as the due-date
 * reminders, and the job again when the pick-up grace ends. Answers whether
 * to release it now.
 */
async function reservationStep(
  tx: DbOrTx,
  loan: ReminderLoan,
  { startDate, acceptedOn, kept }: { startDate: string; acceptedOn: string; kept: boolean },
  now: Date,
  timing: ReminderTiming,
): Promise<boolean> {
  const decision = decideReservation(startDate, acceptedOn, now, timing, RESERVATION_PICKUP_GRACE_DAYS, kept);
  if (decision.send) {
    const recorded = await tx
      .insert(loanReminders)
      .values({ lendingRequestId: loan.id, kind: 'handover', dueDate: startDate, sequence: 0, sentAt: now })
      .onConflictDoNothing()
      .returning({ sequence: loanReminders.sequence });
    if (recorded.length > 0) await recordNotifications(tx, reminderNotifications(loan, decision.send), now);
  }
  if (decision.next) {
    await enqueueJob(
      tx,
      'loan-reminder',
      { lendingRequestId: loan.id },
      { jobKey: loanReminderJobKey(loan.id), runAt: decision.next },
    );
  }
  return decision.release;
}

interface ReminderLoan {
  id: string;
  dueDate: string;
  itemId: string;
  itemName: string;
  /** Null: recorded for someone without an account, who gets no reminders. */
  borrowerId: string | null;
  borrowerName: string;
  borrowerDeleted: boolean;
  ownerId: string;
  ownerName: string;
  ownerDeleted: boolean;
}

/**
 * The same reminder to both people; `role` and `partnerName` let the text
 * address each of them (notifications.json `due_soon.borrower`, …), and
 * `partnerId` makes a click open their conversation. A deleted account gets
 * none (docs/decisions/0026): when the borrower deleted theirs, the loan is
 * the stand-in's (docs/decisions/0015) and the owner, who still wants the
 * item back, is reminded alone, with a text that says so (`ownerOfDeleted`).
 * A block changes nothing here: the loan goes on, and both cards show it.
 * A loan the owner recorded for someone without an account (issue 19) has
 * nobody in the app to remind but the owner, who gets the owner's text with
 * the name they wrote down and no conversation to open.
 */
function reminderNotifications(loan: ReminderLoan, moment: ReminderMoment): NotificationInput[] {
  const shared = {
    lendingRequestId: loan.id,
    itemId: loan.itemId,
    itemName: loan.itemName,
    dueDate: loan.dueDate,
    borrowerName: loan.borrowerName,
    ownerName: loan.ownerName,
    sequence: moment.sequence,
  };
  const toBorrower: NotificationInput[] =
    loan.borrowerId === null || loan.borrowerDeleted
      ? []
      : [
          {
            userId: loan.borrowerId,
            kind: 'reminder',
            event: moment.kind,
            payload: { ...shared, role: 'borrower', partnerId: loan.ownerId, partnerName: loan.ownerName },
          },
        ];
  const toOwner: NotificationInput = {
    userId: loan.ownerId,
    kind: 'reminder',
    event: moment.kind,
    payload: {
      ...shared,
      role: loan.borrowerDeleted ? 'ownerOfDeleted' : 'owner',
      partnerId: loan.borrowerId,
      partnerName: loan.borrowerName,
    },
  };
  return [...toBorrower, ...(loan.ownerDeleted ? [] : [toOwner])];
}
