import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';
import type { LoanCounts } from '@/contract/schemas/loan-history';
import type { DbOrTx } from '../../db/client';
import { contacts, items, lendingRequests, loanReports, loanReturnAssessments, users } from '../../db/schema';

/** A loan that happened: the item was handed out (and maybe came back). What the counts count. */
export const HANDED_OUT = ['borrowed', 'returned'] as const;

const partner = alias(users, 'loan_partner');
/** The owner's address-book entry the loan was recorded for (docs/decisions/0028). */
const borrowerContact = alias(contacts, 'loan_borrower_contact');
/** The reader's own address-book entry for the registered partner, if any. */
const readerContact = alias(contacts, 'loan_reader_contact');

/**
 * Which loans a reader's history shows: handed out, and disputed ones only
 * to their owner ("that's not right" ended it: it never was the borrower's
 * loan, ADR 0028). Requests that never became a loan are no history.
 */
export function shownInHistoryOf(readerId: string): SQL {
  return sql`(${inArray(lendingRequests.status, [...HANDED_OUT])}
    OR (${lendingRequests.status} = 'disputed' AND ${lendingRequests.ownerId} = ${readerId}))`;
}

/**
 * Loans from the reader's side, with everything the presenter needs in one
 * statement whatever the number of rows: the item's name (kept in
 * `item_name` once the item is deleted), the other person's account (a
 * stand-in once they deleted theirs) and the reader's own address-book entry
 * for them. The owner's entry for the borrower (`borrower_contact_id`) is
 * joined only when the reader is that owner: it is their record, not the
 * borrower's. Callers pass who may be read as `where` (always a side the
 * reader is on); newest first by the day the item was handed out, at most
 * LIMITS.loanHistoryMax of them (countLoanHistory counts them all).
 *
 * Kept in PostgreSQL too: a loan whose item is gone keeps its name via items_keep_name_in_loans (drizzle/0014_loan_history.sql); see docs/database-rules.md.
 */
export function selectLoanHistory(db: DbOrTx, readerId: string, where: SQL) {
  const readerIsOwner = sql`${lendingRequests.ownerId} = ${readerId}`;
  const partnerId = sql`CASE WHEN ${readerIsOwner} THEN ${lendingRequests.requesterId} ELSE ${lendingRequests.ownerId} END`;
  return (
    db
      .select({
        id: lendingRequests.id,
        itemId: lendingRequests.itemId,
        itemName: sql<string | null>`coalesce(${items.name}, ${lendingRequests.itemName})`,
        readerIsOwner: sql<boolean>`${readerIsOwner}`,
        origin: lendingRequests.origin,
        status: lendingRequests.status,
        message: lendingRequests.message,
        lentOn: lendingRequests.lentOn,
        expectedReturnDate: lendingRequests.expectedReturnDate,
        returnedOn: lendingRequests.returnedOn,
        borrowerName: sql<string | null>`CASE WHEN ${readerIsOwner} THEN ${lendingRequests.borrowerName} END`,
        borrowerContactId: borrowerContact.id,
        borrowerContactName: borrowerContact.name,
        partnerUserId: partner.id,
        partnerName: partner.name,
        partnerDeleted: sql<boolean>`${partner.deletedAt} IS NOT NULL`,
        readerContactId: readerContact.id,
        // How it came back in the owner's words, and whether a problem is still open (issue 36).
        returnCondition: loanReturnAssessments.outcome,
        openProblem: sql<boolean>`EXISTS (SELECT 1 FROM ${loanReports} r WHERE r.lending_request_id = ${lendingRequests}.id
          AND r.kind = 'problem' AND r.settled_at IS NULL)`,
      })
      .from(lendingRequests)
      .leftJoin(items, eq(items.id, lendingRequests.itemId))
      .leftJoin(partner, sql`${partner.id} = ${partnerId}`)
      .leftJoin(loanReturnAssessments, eq(loanReturnAssessments.lendingRequestId, lendingRequests.id))
      .leftJoin(borrowerContact, and(eq(borrowerContact.id, lendingRequests.borrowerContactId), readerIsOwner))
      // At most one row: (user_id, contact_user_id) is unique in an address book.
      .leftJoin(
        readerContact,
        and(eq(readerContact.userId, readerId), sql`${readerContact.contactUserId} = ${partnerId}`),
      )
      .where(and(where, shownInHistoryOf(readerId)))
      .orderBy(
        sql`${lendingRequests.lentOn} DESC NULLS LAST`,
        desc(lendingRequests.requestedAt),
        desc(lendingRequests.id),
      )
      .limit(LIMITS.loanHistoryMax)
  );
}

export type LoanHistoryRow = Awaited<ReturnType<typeof selectLoanHistory>>[number];

/**
 * "lent 12 · borrowed 5" over every loan `where` selects (not only the
 * listed newest ones): loans handed out, disputed ones left out (ADR 0028),
 * each counted on the reader's side of it. One statement.
 */
export async function countLoanHistory(db: DbOrTx, readerId: string, where: SQL): Promise<LoanCounts> {
  const readerIsOwner = sql`${lendingRequests.ownerId} = ${readerId}`;
  const [counts] = await db
    .select({
      lent: sql<number>`count(*) FILTER (WHERE ${readerIsOwner})`.mapWith(Number),
      borrowed: sql<number>`count(*) FILTER (WHERE NOT (${readerIsOwner}))`.mapWith(Number),
    })
    .from(lendingRequests)
    .where(and(where, inArray(lendingRequests.status, [...HANDED_OUT])));
  return counts ?? { lent: 0, borrowed: 0 };
}
