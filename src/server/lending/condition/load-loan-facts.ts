import { eq, sql } from 'drizzle-orm';
import { LIMITS } from '@/contract/limits';
import type { DbOrTx } from '../../db/client';
import { items, lendingRequests, loanReports, loanReturnAssessments, loanThanks, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, lendingRoleOf, type Actor } from '../../policies';
import type { LoanConditionFacts } from './condition-rules';

/** A loan as its condition records need it: its two people, its item's name and the facts the rules read. */
export interface LoanForCondition {
  id: string;
  ownerId: string;
  /** NULL: a loan recorded for someone without an account (issue 19). */
  requesterId: string | null;
  itemId: string | null;
  itemName: string;
  facts: LoanConditionFacts;
}

/**
 * Reads one loan for its condition records in one statement, locking the
 * loan's row (not the item's: nothing here changes the item) when `lock` is
 * set, so a record and a step on the same loan take turns. Anyone but the
 * loan's two people gets 404, as for every lending request.
 */
export async function loadLoanForCondition(
  tx: DbOrTx,
  actor: Actor,
  loanId: string,
  timeZone: string,
  options: { lock: boolean },
): Promise<LoanForCondition> {
  // Written out: a one-table subquery of drizzle's names its columns unqualified, and "id" would be the report's.
  const openProblems = sql`SELECT count(*) FROM ${loanReports} r
    WHERE r.lending_request_id = ${lendingRequests}.id AND r.kind = 'problem' AND r.settled_at IS NULL`;
  const query = tx
    .select({
      id: lendingRequests.id,
      ownerId: lendingRequests.ownerId,
      requesterId: lendingRequests.requesterId,
      itemId: lendingRequests.itemId,
      itemName: sql<string>`COALESCE(${items.name}, ${lendingRequests.itemName})`,
      status: lendingRequests.status,
      // The same day the return was dated with (take-lending-step.ts): the app's time zone.
      recentlyReturned: sql<boolean>`COALESCE(${lendingRequests.returnedOn} + ${LIMITS.afterReturnDays}::int >= (now() AT TIME ZONE ${timeZone})::date, false)`,
      assessed: sql<boolean>`${loanReturnAssessments.lendingRequestId} IS NOT NULL`,
      answered: sql<boolean>`${loanReturnAssessments.answeredAt} IS NOT NULL`,
      openProblems: sql<number>`(${openProblems})`.mapWith(Number),
      thanked: sql<boolean>`EXISTS (SELECT 1 FROM ${loanThanks} th
        WHERE th.lending_request_id = ${lendingRequests}.id AND th.from_user_id = ${actor.id})`,
      partnerActive: sql<boolean>`EXISTS (SELECT 1 FROM ${users} u WHERE u.deleted_at IS NULL
        AND u.id = CASE WHEN ${lendingRequests}.owner_id = ${actor.id} THEN ${lendingRequests}.requester_id
          ELSE ${lendingRequests}.owner_id END)`,
    })
    .from(lendingRequests)
    .leftJoin(items, eq(items.id, lendingRequests.itemId))
    .leftJoin(loanReturnAssessments, eq(loanReturnAssessments.lendingRequestId, lendingRequests.id))
    .where(eq(lendingRequests.id, loanId));
  const [row] = options.lock ? await query.for('update', { of: lendingRequests }) : await query;
  if (!row) throw AppError.notFound('Lending request not found');
  authorize(actor, 'lendingRequest:read', row, { hideAs404: true });
  const role = lendingRoleOf(actor.id, row);
  if (role === 'stranger') throw AppError.notFound('Lending request not found');
  return {
    id: row.id,
    ownerId: row.ownerId,
    requesterId: row.requesterId,
    itemId: row.itemId,
    itemName: row.itemName,
    facts: {
      role,
      status: row.status,
      recentlyReturned: row.recentlyReturned,
      assessed: row.assessed,
      answered: row.answered,
      openProblems: row.openProblems,
      thanked: row.thanked,
      partnerActive: row.partnerActive,
    },
  };
}

/** 409 loan_report_closed: the loan's state or the day no longer allows this record. */
export const reportClosed = (message: string) => new AppError('loan_report_closed', message);
