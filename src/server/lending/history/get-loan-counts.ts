import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { LoanCounts } from '@/contract/schemas/loan-history';
import type { Database } from '../../db/client';
import { lendingRequests } from '../../db/schema';
import { authorize, type Actor } from '../../policies';
import { HANDED_OUT } from './loan-history-query';

/**
 * GET /api/user/loan-counts: "lent 12 · borrowed 5" on one's own profile.
 * Loans handed out (borrowed or returned, asked in the app or recorded);
 * disputed ones never happened (ADR 0028). One statement.
 */
export async function getLoanCounts(db: Database, actor: Actor): Promise<LoanCounts> {
  authorize(actor, 'loanCounts:read', { id: actor.id });
  const [counts] = await db
    .select({
      lent: sql<number>`count(*) FILTER (WHERE ${lendingRequests.ownerId} = ${actor.id})`.mapWith(Number),
      borrowed: sql<number>`count(*) FILTER (WHERE ${lendingRequests.requesterId} = ${actor.id})`.mapWith(Number),
    })
    .from(lendingRequests)
    .where(
      and(
        or(eq(lendingRequests.ownerId, actor.id), eq(lendingRequests.requesterId, actor.id)),
        inArray(lendingRequests.status, [...HANDED_OUT]),
      ),
    );
  return counts ?? { lent: 0, borrowed: 0 };
}
