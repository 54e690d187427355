import { and, desc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import {
  items,
  lendingRequests,
  messages,
  networkRequestMatches,
  networkRequestResponses,
  networkRequests,
  users,
} from '../db/schema';

/** One of the reader's items a network request matched. */
export interface MatchedItem {
  id: string;
  name: string;
}

/**
 * A thread shows at most this many messages: the latest ones, oldest first.
 * Enough for any real conversation between neighbours, and it keeps the
 * 3-second poll (spec §9) cheap however long two people have been talking.
 */
export const THREAD_MESSAGE_LIMIT = 200;

/**
 * Messages between `readerId` and `partnerId` (both directions, nobody
 * else's), newest first, each with its sender's name, the lending request it
 * is about (current status, item name) and the network request it carries
 * (whether the reader already answered, and which of the reader's items it
 * matched). One query whatever their number.
 *
 * The linked requests are joined only when the reader is party to them, so
 * a message can never show a request between other people.
 */
function threadMessagesQuery(db: DbOrTx, readerId: string | Placeholder, partnerId: string | Placeholder, where?: SQL) {
  return db
    .select({
      message: messages,
      senderName: users.name,
      senderDeleted: sql<boolean>`${users.deletedAt} IS NOT NULL`,
      lendingRequest: {
        id: lendingRequests.id,
        itemId: lendingRequests.itemId,
        // A kept loan outlives its item: the name copied into the loan when the item went (ADR 0028).
        itemName: sql<string | null>`coalesce(${items.name}, ${lendingRequests.itemName})`,
        ownerId: lendingRequests.ownerId,
        requesterId: lendingRequests.requesterId,
        status: lendingRequests.status,
        requestedFrom: lendingRequests.requestedFrom,
        expectedReturnDate: lendingRequests.expectedReturnDate,
      },
      networkRequest: {
        id: networkRequests.id,
        requesterId: networkRequests.requesterId,
        title: networkRequests.title,
        description: networkRequests.description,
        category: networkRequests.category,
        urgency: networkRequests.urgency,
        answered: sql<boolean>`EXISTS (
          SELECT 1 FROM ${networkRequestResponses} r
           WHERE r.network_request_id = ${networkRequests.id} AND r.responder_id = ${readerId})`,
        // "You may have this" (ADR 0028): the reader's own matched items, only on a request that
        // reached them; a subquery of this one statement, at most a few rows per message.
        matchedItems: sql<MatchedItem[]>`(
          SELECT coalesce(json_agg(json_build_object('id', mi.id, 'name', mi.name) ORDER BY mi.name, mi.id), '[]'::json)
            FROM ${networkRequestMatches} nrm
            JOIN ${items} mi ON mi.id = nrm.item_id
           WHERE nrm.network_request_id = ${networkRequests.id}
             AND nrm.owner_id = ${readerId}
             AND ${messages.receiverId} = ${readerId})`,
      },
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(
      lendingRequests,
      and(
        eq(lendingRequests.id, messages.lendingRequestId),
        or(eq(lendingRequests.requesterId, readerId), eq(lendingRequests.ownerId, readerId)),
      ),
    )
    .leftJoin(items, eq(items.id, lendingRequests.itemId))
    .leftJoin(
      networkRequests,
      and(
        eq(networkRequests.id, messages.networkRequestId),
        or(eq(networkRequests.requesterId, readerId), eq(networkRequests.requesterId, partnerId)),
      ),
    )
    .where(
      and(
        or(
          and(eq(messages.senderId, readerId), eq(messages.receiverId, partnerId)),
          and(eq(messages.senderId, partnerId), eq(messages.receiverId, readerId)),
        ),
        where,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_MESSAGE_LIMIT);
}
export type ThreadMessageRow = Awaited<ReturnType<typeof threadMessagesQuery>>[number];

/** The thread as the GET route reads it, every few seconds: built once (db/prepared.ts). */
const preparedThread = preparedPerHandle((db) =>
  threadMessagesQuery(db, sql.placeholder('readerId'), sql.placeholder('partnerId')).prepare('thread_messages'),
);

export function selectThreadMessages(
  db: DbOrTx,
  readerId: string,
  partnerId: string,
  where?: SQL,
): Promise<ThreadMessageRow[]> {
  if (where) return threadMessagesQuery(db, readerId, partnerId, where);
  return preparedThread(db).execute({ readerId, partnerId });
}
