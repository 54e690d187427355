import { and, desc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { blockBetween } from '../../relations/block-sql';
import type { Database } from '../../db/client';
import { lendingRequests, loanExtensionRequests } from '../../db/schema';
import type { Actor } from '../../policies';
import type { ExtensionRow } from './request-extension';

/**
 * GET /api/lending-requests/extensions: the open extension requests of the actor's
 * loans, both the ones they asked for and the ones waiting for their answer.
 * One statement; the `lendingRequest:read` rule (one of the two parties) is
 * the WHERE clause. A note never crosses a block (docs/decisions/0018): the
 * loan and its request stay on both cards, the note reads null.
 */
export async function listPendingLoanExtensions(db: Database, actor: Actor): Promise<ExtensionRow[]> {
  const rows = await db
    .select({
      extension: {
        ...getTableColumns(loanExtensionRequests),
        message: sql<
          string | null
        >`CASE WHEN ${blockBetween(sql`${lendingRequests.requesterId}`, sql`${lendingRequests.ownerId}`)}
          THEN NULL ELSE ${loanExtensionRequests.message} END`,
      },
    })
    .from(loanExtensionRequests)
    .innerJoin(lendingRequests, eq(lendingRequests.id, loanExtensionRequests.lendingRequestId))
    .where(
      and(
        eq(loanExtensionRequests.status, 'pending'),
        or(eq(lendingRequests.requesterId, actor.id), eq(lendingRequests.ownerId, actor.id)),
      ),
    )
    .orderBy(desc(loanExtensionRequests.createdAt));
  return rows.map((row) => row.extension);
}
