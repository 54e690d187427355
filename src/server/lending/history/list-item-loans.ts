import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lendingRequests } from '../../db/schema';
import { authorizeItem } from '../../items/item-access';
import type { Actor } from '../../policies';
import { selectLoanHistory, type LoanHistoryRow } from './loan-history-query';

/**
 * GET /api/items/{id}/loans: who borrowed the item and when, for its owner
 * only (rule `item:readLoans`): a stranger gets 404 as for the item itself,
 * someone it is shared with 403. Disputed loans are listed (the owner's
 * history flags them), the newest LIMITS.loanHistoryMax. Two statements
 * whatever the number of loans.
 */
export async function listItemLoans(db: Database, actor: Actor, itemId: string): Promise<LoanHistoryRow[]> {
  await authorizeItem(db, actor, itemId, 'item:readLoans');
  // The owner in the WHERE clause too: the list itself never reaches past the rule.
  return selectLoanHistory(
    db,
    actor.id,
    sql`${eq(lendingRequests.itemId, itemId)} AND ${eq(lendingRequests.ownerId, actor.id)}`,
  );
}
