import type { Language, LendingRequestStatus } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { AppError } from '../http/app-error';
import { authorize } from '../policies';
import { FEED_TOKEN_PATTERN, feedTokenHash, isCurrentFeedToken } from './feed-token';
import { selectFeedWithEvents, type FeedRow } from './feed-events-query';

/** One request of the feed's person, from their side: what its events are made of (feed-presenter.ts). */
export interface FeedEventRow {
  requestId: string;
  status: LendingRequestStatus;
  readerIsOwner: boolean;
  itemName: string | null;
  requestedFrom: string | null;
  expectedReturnDate: string | null;
  updatedAt: Date;
  partnerName: string | null;
  partnerDeleted: boolean;
}

export interface CalendarFeedContent {
  /** Whose feed it is, and the language its texts are in (their profile's). */
  reader: { id: string; language: Language };
  events: FeedEventRow[];
}

/**
 * GET /calendar/{token}.ics: whose feed a link opens and their lending, in
 * one statement (feed-events-query.ts). A token of the wrong shape, one
 * nobody's feed has, one replaced by a new link or one made under a key since
 * changed are all the same 404, with nothing said about which.
 */
export async function readCalendarFeed(db: DbOrTx, feedKey: string, token: string): Promise<CalendarFeedContent> {
  if (!FEED_TOKEN_PATTERN.test(token)) throw AppError.notFound();
  const rows = await selectFeedWithEvents(db, feedTokenHash(token));
  const [first] = rows;
  if (!first) throw AppError.notFound();
  // The link is the credential: the person it names reads, and only with its current link.
  const reader = { id: first.userId };
  authorize(
    reader,
    'calendarFeed:read',
    { userId: first.userId, linkIsCurrent: isCurrentFeedToken(feedKey, first.linkId, token) },
    { hideAs404: true },
  );
  return {
    reader: { id: first.userId, language: first.language },
    events: rows.flatMap(eventRowOf),
  };
}

/** The request columns of a row, or none for the one row of a feed without events (its left joins found nothing). */
function eventRowOf(row: FeedRow): FeedEventRow[] {
  const { requestId, status, updatedAt } = row;
  if (requestId === null || status === null || updatedAt === null) return [];
  return [
    {
      requestId,
      status,
      readerIsOwner: row.readerIsOwner,
      itemName: row.itemName,
      requestedFrom: row.requestedFrom,
      expectedReturnDate: row.expectedReturnDate,
      updatedAt,
      partnerName: row.partnerName,
      partnerDeleted: row.partnerDeleted,
    },
  ];
}
