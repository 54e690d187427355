import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { calendarFeeds, contacts, items, lendingRequests, users } from '../db/schema';

/** What a feed shows: reservations (accepted, not yet handed over) and loans that are out. */
export const FEED_STATUSES = ['accepted', 'borrowed'] as const;

const reader = alias(users, 'feed_reader');
/** The other person of each request: the requester when the reader owns the item, else the owner. */
const partner = alias(users, 'feed_partner');
/** The owner's address-book entry a loan was recorded for (someone without an account, ADR 0028). */
const borrowerContact = alias(contacts, 'feed_borrower_contact');

/**
 * A feed request in one statement, whatever the number of events: the feed
 * row the token's hash finds, its person (language for the texts), and one
 * row per request of theirs in FEED_STATUSES on either side, lender or
 * borrower, with the item's name (kept in `item_name` once the item is
 * gone) and the other person as the reader knows them: their account's name
 * (a stand-in once they deleted it, `partnerDeleted`), or for a loan the
 * reader recorded for someone without an account, the address-book entry's
 * current name, else the name typed then (as the loan history shows them).
 * A feed with no events is one row whose request columns are null; an
 * unknown hash, no row.
 *
 * The lending rows join on the feed's own person only, so nobody else's
 * requests can reach a feed; the caller still checks the link before
 * anything leaves (calendarFeed:read).
 */
export function selectFeedWithEvents(db: DbOrTx, tokenHash: string) {
  const readerIsOwner = sql<boolean>`${lendingRequests.ownerId} = ${calendarFeeds.userId}`;
  return db
    .select({
      userId: calendarFeeds.userId,
      linkId: calendarFeeds.linkId,
      language: reader.language,
      requestId: lendingRequests.id,
      status: lendingRequests.status,
      readerIsOwner,
      itemName: sql<string | null>`coalesce(${items.name}, ${lendingRequests.itemName})`,
      requestedFrom: lendingRequests.requestedFrom,
      expectedReturnDate: lendingRequests.expectedReturnDate,
      updatedAt: lendingRequests.updatedAt,
      partnerName: sql<
        string | null
      >`coalesce(${partner.name}, ${borrowerContact.name}, CASE WHEN ${readerIsOwner} THEN ${lendingRequests.borrowerName} END)`,
      partnerDeleted: sql<boolean>`${partner.deletedAt} IS NOT NULL`,
    })
    .from(calendarFeeds)
    .innerJoin(reader, eq(reader.id, calendarFeeds.userId))
    .leftJoin(
      lendingRequests,
      and(
        or(eq(lendingRequests.ownerId, calendarFeeds.userId), eq(lendingRequests.requesterId, calendarFeeds.userId)),
        inArray(lendingRequests.status, [...FEED_STATUSES]),
      ),
    )
    .leftJoin(items, eq(items.id, lendingRequests.itemId))
    .leftJoin(
      partner,
      sql`${partner.id} = CASE WHEN ${readerIsOwner} THEN ${lendingRequests.requesterId} ELSE ${lendingRequests.ownerId} END`,
    )
    .leftJoin(borrowerContact, and(eq(borrowerContact.id, lendingRequests.borrowerContactId), readerIsOwner))
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .orderBy(asc(lendingRequests.id));
}

export type FeedRow = Awaited<ReturnType<typeof selectFeedWithEvents>>[number];
