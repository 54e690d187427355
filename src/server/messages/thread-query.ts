import { sql, type SQL } from 'drizzle-orm';
import type { Message } from '../../contract/schemas/messages';
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
import { relationshipColumns, type Partner } from './messaging-relationship';

/**
 * A thread shows at most this many messages: the latest ones, oldest first.
 * Enough for any real conversation between neighbours, and it keeps the
 * 3-second poll (spec §9) cheap however long two people have been talking.
 */
export const THREAD_MESSAGE_LIMIT = 200;

/**
 * A timestamp as the API writes it, `Date.toISOString()`'s form: UTC,
 * milliseconds, `Z`. `MS` truncates the microseconds, as reading the value
 * into a JavaScript Date did when the rows were mapped in Node
 * (thread-shape.test.ts pins it).
 */
const isoTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A message's sender as the thread shows them. Every message of a thread is
 * from one of its two people, so the page asks for both once (each an
 * uncorrelated subquery: an InitPlan) instead of joining `users` per message
 * (0.06 ms of PostgreSQL per thread read in the bench, measured).
 */
const personJson = (id: SQL) =>
  sql`(SELECT json_build_object('name', u.name, 'deleted', u.deleted_at IS NOT NULL) FROM ${users} u WHERE u.id = ${id})`;

/**
 * Messages between `readerId` and `partnerId` (both directions, nobody
 * else's), the latest THREAD_MESSAGE_LIMIT oldest first, as one JSON array
 * in the contract's Message shape (a use case whose query selects the
 * contract's shape returns it as it is: ARCHITECTURE.md, step 8). PostgreSQL
 * builds it: a thread is one value to parse, where 200 wide rows mapped by
 * Drizzle cost about 0.5 ms of the server's CPU (docs/performance.md,
 * round 3). Each message carries its sender's name, the lending request it
 * is about (current status, item name) and the network request it carries
 * (whether the reader already answered, and which of the reader's items it
 * matched).
 *
 * The linked requests are joined only when the reader is party to them, so
 * a message can never show a request between other people.
 *
 * Kept in PostgreSQL too: a request whose item is gone keeps its name via items_keep_name_in_loans (drizzle/0014_loan_history.sql); see docs/database-rules.md.
 */
function threadMessagesJson(readerId: SQL, partnerId: SQL): SQL<Message[]> {
  return sql<Message[]>`(
    SELECT coalesce(json_agg(json_build_object(
             'id', p.id,
             'senderId', p.sender_id,
             'receiverId', p.receiver_id,
             'content', p.content,
             'messageType', p.message_type,
             'systemEvent', p.system_event,
             'systemItemName', p.system_item_name,
             'createdAt', ${isoTime(sql`p.created_at`)},
             'readAt', ${isoTime(sql`p.read_at`)},
             'sender', CASE WHEN p.sender_id = ${readerId} THEN ${personJson(readerId)} ELSE ${personJson(partnerId)} END,
             'lendingRequest', CASE WHEN lr.id IS NOT NULL THEN json_build_object(
               'id', lr.id,
               'itemId', lr.item_id,
               -- A kept loan outlives its item: the name copied into the loan when the item went (ADR 0028).
               'itemName', coalesce(i.name, lr.item_name, ''),
               'ownerId', lr.owner_id,
               'requesterId', lr.requester_id,
               'status', lr.status,
               'requestedFrom', lr.requested_from,
               'expectedReturnDate', lr.expected_return_date) END,
             -- The two subqueries run only for a message that carries a request the reader may see.
             'networkRequest', CASE WHEN nr.id IS NOT NULL THEN json_build_object(
               'id', nr.id,
               'requesterId', nr.requester_id,
               'title', nr.title,
               'description', nr.description,
               'category', nr.category,
               'urgency', nr.urgency,
               'answered', EXISTS (
                 SELECT 1 FROM ${networkRequestResponses} r
                  WHERE r.network_request_id = nr.id AND r.responder_id = ${readerId}),
               -- "You may have this" (ADR 0028): the reader's own matched items, only on a request that reached them.
               'matchedItems', (
                 SELECT coalesce(json_agg(json_build_object('id', mi.id, 'name', mi.name) ORDER BY mi.name, mi.id), '[]'::json)
                   FROM ${networkRequestMatches} nrm
                   JOIN ${items} mi ON mi.id = nrm.item_id
                  WHERE nrm.network_request_id = nr.id
                    AND nrm.owner_id = ${readerId}
                    AND p.receiver_id = ${readerId})) END
           ) ORDER BY p.created_at, p.id), '[]'::json)
      FROM (SELECT m.* FROM ${messages} m
             WHERE ((m.sender_id = ${readerId} AND m.receiver_id = ${partnerId})
                 OR (m.sender_id = ${partnerId} AND m.receiver_id = ${readerId}))
             ORDER BY m.created_at DESC, m.id DESC
             LIMIT ${sql.raw(String(THREAD_MESSAGE_LIMIT))}) p
      LEFT JOIN ${lendingRequests} lr
        ON lr.id = p.lending_request_id AND (lr.requester_id = ${readerId} OR lr.owner_id = ${readerId})
      LEFT JOIN ${items} i ON i.id = lr.item_id
      LEFT JOIN ${networkRequests} nr
        ON nr.id = p.network_request_id AND (nr.requester_id = ${readerId} OR nr.requester_id = ${partnerId}))`;
}

/**
 * The thread read in one statement, one round trip (each statement costs
 * the server a socket write of 0.13–0.2 ms: docs/performance.md, round 3):
 * the partner and the actor's relationship with them, as the partner check
 * reads it, and the page. No row when the partner does not exist.
 *
 * The page is fetched only when it can be shown and has anything to show:
 * messages exist only where there is a conversation, and the policy never
 * lets the blocker read (message-policy.ts). This only spares PostgreSQL the
 * page of a thread nobody may read; whether it is returned is the policy's
 * decision, made on the relationship columns (get-thread.ts).
 *
 * OFFSET 0 keeps the relationship a subquery of its own, so each of its
 * probes runs once: flattened, PostgreSQL would copy them into the CASE.
 */
function threadQuery(db: DbOrTx, actorId: SQL, partnerId: SQL) {
  const relationship = relationshipColumns(actorId, partnerId);
  return db
    .select({
      partnerId: sql<string>`r.partner_id`,
      name: sql<string>`r.name`,
      deleted: sql<boolean>`r.deleted`,
      blockedByActor: sql<boolean>`r.blocked_by_actor`,
      blockedByPartner: sql<boolean>`r.blocked_by_partner`,
      consented: sql<boolean>`r.consented`,
      hasConversation: sql<boolean>`r.has_conversation`,
      messages: sql<Message[] | null>`CASE WHEN r.has_conversation AND NOT r.blocked_by_actor
        THEN ${threadMessagesJson(actorId, partnerId)} END`,
    })
    .from(
      sql`(SELECT ${users.id} AS partner_id, ${users.name} AS name,
                  ${relationship.deleted} AS deleted,
                  ${relationship.blockedByActor} AS blocked_by_actor,
                  ${relationship.blockedByPartner} AS blocked_by_partner,
                  ${relationship.consented} AS consented,
                  ${relationship.hasConversation} AS has_conversation
             FROM ${users}
            WHERE ${users.id} = ${partnerId}
           OFFSET 0) r`,
    );
}

/** The thread as the GET route reads it, every few seconds: built once (db/prepared.ts). */
const preparedThread = preparedPerHandle((db) =>
  threadQuery(db, sql`${sql.placeholder('actorId')}::uuid`, sql`${sql.placeholder('partnerId')}::uuid`).prepare(
    'thread_with_partner',
  ),
);

export interface PartnerWithPage {
  partner: Partner;
  /** Oldest first; null when the statement skipped the page (see threadQuery). */
  messages: Message[] | null;
}

export async function selectThreadWithPartner(
  db: DbOrTx,
  actorId: string,
  partnerId: string,
): Promise<PartnerWithPage | undefined> {
  const [row] = await preparedThread(db).execute({ actorId, partnerId });
  if (!row) return undefined;
  const { messages: page, ...partner } = row;
  return { partner, messages: page };
}
