import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lendingRequests } from '../../db/schema';

/**
 * An address-book entry joined through its own invitation (issue 19,
 * docs/decisions/0028): the loans its owner recorded for it become the new
 * user's, so they appear on their side too (borrowed now, or history), and
 * the name the owner typed gives way to the account's. Runs inside the
 * referral's transaction, so the contact is linked and its loans follow it
 * together or not at all. A disputed loan stays as it was.
 *
 * `entryIds` are the entries that stood for this person (the invited one,
 * and the one that stays when it was a duplicate); `keptEntryId` is the one
 * that stays linked. An ongoing loan is left alone where the person already
 * has their own open request for the item: one open request per person and
 * item (lending_requests_one_open_per_requester).
 */
export async function linkRecordedLoans(
  tx: DbOrTx,
  link: { entryIds: readonly string[]; keptEntryId: string; userId: string },
): Promise<void> {
  await tx
    .update(lendingRequests)
    .set({ requesterId: link.userId, borrowerContactId: link.keptEntryId, borrowerName: null, updatedAt: sql`now()` })
    .where(
      and(
        inArray(lendingRequests.borrowerContactId, [...link.entryIds]),
        eq(lendingRequests.origin, 'recorded'),
        isNull(lendingRequests.requesterId),
        ne(lendingRequests.status, 'disputed'),
        // Not the owner's own account: a loan of theirs to themselves is refused by a CHECK.
        ne(lendingRequests.ownerId, link.userId),
        sql`NOT (${lendingRequests.status} IN ('pending', 'accepted', 'borrowed') AND EXISTS (
          SELECT 1 FROM ${lendingRequests} open_request
           WHERE open_request.item_id = ${lendingRequests.itemId} AND open_request.requester_id = ${link.userId}
             AND open_request.status IN ('pending', 'accepted', 'borrowed')))`,
      ),
    );
}
