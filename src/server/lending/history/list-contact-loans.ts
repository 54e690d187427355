import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { LoanCounts, ReturnedOnTime } from '@/contract/schemas/loan-history';
import type { Database } from '../../db/client';
import { contacts, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';
import { countLoanHistory, selectLoanHistory, type LoanHistoryRow } from './loan-history-query';

export interface ContactLoans {
  /** The newest LIMITS.loanHistoryMax loans. */
  rows: LoanHistoryRow[];
  /** Over every loan between the two, listed or not. */
  counts: LoanCounts;
  /** Of the loans I lent them that came back and had a due date, how many came back by it (issue 36). */
  returnedOnTime: ReturnedOnTime;
}

/**
 * GET /api/contacts/{id}/loans: the loans between the actor and one of their
 * own contacts (rule `contact:read`; anyone else's entry answers 404). What
 * I lent them: my loans to their account or recorded for this entry. What I
 * borrowed from them: their loans to me, which needs their account. A third
 * person's loans with the same person never match: every branch names me.
 * Three statements whatever the number of loans: the entry, the newest
 * loans, and the counts over all of them.
 */
export async function listContactLoans(db: Database, actor: Actor, contactId: string): Promise<ContactLoans> {
  const [contact] = await db
    .select({ id: contacts.id, userId: contacts.userId, contactUserId: contacts.contactUserId })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) throw AppError.notFound('Contact not found', 'errors.not_found');
  authorize(actor, 'contact:read', contact, { hideAs404: true });

  const mine = eq(lendingRequests.ownerId, actor.id);
  const recordedForEntry = eq(lendingRequests.borrowerContactId, contact.id);
  const account = contact.contactUserId;
  let between: SQL;
  if (account === null) {
    // Without an account they can only have borrowed from me, recorded on this entry of my address book.
    between = sql`${mine} AND ${recordedForEntry}`;
  } else {
    const lentToThem = sql`${mine} AND (${recordedForEntry} OR ${eq(lendingRequests.requesterId, account)})`;
    const borrowedFromThem = sql`${eq(lendingRequests.ownerId, account)} AND ${eq(lendingRequests.requesterId, actor.id)}`;
    between = sql`((${lentToThem}) OR (${borrowedFromThem}))`;
  }
  const rows = await selectLoanHistory(db, actor.id, between);
  const [counts, returnedOnTime] = await Promise.all([
    countLoanHistory(db, actor.id, between),
    countReturnedOnTime(db, sql`${between} AND ${mine}`),
  ]);
  return { rows, counts, returnedOnTime };
}

/**
 * "Returned on time N of M" (issue 36): only for the owner's own eyes, over
 * loans they lent that came back and had a due date; no score, no ranking.
 * The same comparison as the history's `returnedLate` (loan-history-presenter.ts).
 */
async function countReturnedOnTime(db: Database, lentByMe: SQL): Promise<ReturnedOnTime> {
  const [row] = await db
    .select({
      onTime:
        sql<number>`count(*) FILTER (WHERE ${lendingRequests.returnedOn} <= ${lendingRequests.expectedReturnDate})`.mapWith(
          Number,
        ),
      of: sql<number>`count(*)`.mapWith(Number),
    })
    .from(lendingRequests)
    .where(
      and(
        lentByMe,
        eq(lendingRequests.status, 'returned'),
        isNotNull(lendingRequests.returnedOn),
        isNotNull(lendingRequests.expectedReturnDate),
      ),
    );
  return row ?? { onTime: 0, of: 0 };
}
