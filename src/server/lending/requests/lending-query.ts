import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { items, lendingRequests, loanReports, users } from '../../db/schema';
import { visibleToViewer } from '../../items/item-visibility';

const requester = alias(users, 'requester');
const owner = alias(users, 'owner');

/**
 * Lending requests with their item and both people's names, in one statement
 * whatever the number of rows. Callers pass the authorization as `where`
 * (`involving`, or one side of it), so a list never loads someone else's
 * request, and the reader as `viewerId`: whether they may still see the item
 * (its owner, or through a share that still holds) decides whether its
 * current description and picture are shown (lending-presenter.ts).
 */
export function selectLendingRequests(db: DbOrTx, where: SQL | undefined, viewerId: string) {
  return db
    .select({
      request: lendingRequests,
      item: {
        id: items.id,
        name: items.name,
        category: items.category,
        description: items.description,
        imageUrl: items.imageUrl,
        visibleToViewer: sql<boolean>`(${items.ownerId} = ${viewerId} OR ${visibleToViewer(viewerId)})`,
      },
      // From the joined rows: a listed request always has its item and a registered requester.
      requesterId: requester.id,
      requesterName: requester.name,
      requesterDeleted: sql<boolean>`${requester.deletedAt} IS NOT NULL`,
      ownerName: owner.name,
      readerIsOwner: sql<boolean>`${lendingRequests.ownerId} = ${viewerId}`,
      // "Something's wrong" not settled yet (issue 36): the card shows the flag. loan_reports_loan_idx serves it.
      openProblem: sql<boolean>`EXISTS (SELECT 1 FROM ${loanReports} r WHERE r.lending_request_id = ${lendingRequests}.id
        AND r.kind = 'problem' AND r.settled_at IS NULL)`,
    })
    .from(lendingRequests)
    .innerJoin(items, eq(items.id, lendingRequests.itemId))
    .innerJoin(requester, eq(requester.id, lendingRequests.requesterId))
    .innerJoin(owner, eq(owner.id, lendingRequests.ownerId))
    .where(where)
    .orderBy(desc(lendingRequests.requestedAt), desc(lendingRequests.id));
}
export type LendingRequestRow = Awaited<ReturnType<typeof selectLendingRequests>>[number];

/** The SQL form of the `lendingRequest:read` rule: the actor is one of the two parties. */
export function involving(actorId: string): SQL | undefined {
  return or(eq(lendingRequests.requesterId, actorId), eq(lendingRequests.ownerId, actorId));
}
