import { sql, type SQL } from 'drizzle-orm';
import type { MessageType } from '../../contract/enums';
import type { SystemEvent } from '../../contract/schemas/messages';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx, Transaction } from '../db/client';
import { items, lendingRequests, messages, networkRequestMatches, networkRequests, users } from '../db/schema';
import {
  EMAIL_DIGEST_DELAY_MS,
  notificationDeliveryCtes,
  PUSH_JOBS_QUEUED,
} from '../notifications/notification-delivery';
import { notificationKindOf } from '../notifications/notification-kinds';

export interface NewMessage {
  senderId: string;
  receiverId: string;
  /** The English text; system messages also carry `systemEvent` so readers see their own language. */
  content: string;
  messageType: MessageType;
  systemEvent?: SystemEvent | null;
  /** The item a system message names, kept because the item may be gone when it is read (docs/decisions/0015). */
  systemItemName?: string | null;
  lendingRequestId?: string | null;
  networkRequestId?: string | null;
  /**
   * The item the notification names, when the statement cannot read it: a
   * request written in the same statement (writeMessageAlong). Otherwise it
   * is the kept name, the request's item or the network request's title.
   */
  itemName?: string | null;
  /**
   * Written without a notification of its own: a person's note that comes
   * with a system message in the same call, whose notification covers both
   * (an owner's words to their answer, a borrower's to their extension request).
   */
  quiet?: boolean;
}

/** The notification a message makes, or null (notificationKindOf; a quiet note makes none). */
const kindOf = (row: Omit<NewMessage, 'receiverId'>) =>
  row.quiet ? null : notificationKindOf(row.messageType, row.systemEvent ?? null);

/** Who a written message went between: what announceMessages needs after commit. */
export interface PostedMessage {
  id: string;
  senderId: string;
  receiverId: string;
}

/** A message as written, with its time, for an answer built without reading it back. */
export interface StoredMessage extends PostedMessage {
  createdAt: Date;
}

/**
 * The one way a message is written (issue 34): a chat message, a lending
 * step's system message, a loan's, an extension's, a dispute's, a block's, a
 * deleted item's or account's, a network request to everyone in a network,
 * an answer to one. Each call is one statement that writes the messages and
 * their notifications (the rules: notifications/notification-delivery.ts),
 * so it commits whole or not at all, with the caller's transaction around it
 * if any (a request's status and its system message commit together). Call
 * `announceMessages` once the transaction has committed.
 *
 * Who is notified: the receiver, unless their account is deleted or a block
 * stands between the two (ADR 0018), with the kind the message makes
 * (notificationKindOf: an account's end notifies nobody).
 */
export async function writeMessages(
  db: DbOrTx,
  rows: readonly NewMessage[],
  now = new Date(),
): Promise<StoredMessage[]> {
  if (rows.length === 0) return [];
  const { rows: written } = await db.execute<WrittenRow>(messageStatement(sourceOfRows(rows), now));
  return written.map(storedMessage);
}

/** One message: writeMessages for a single row. */
export async function writeMessage(db: DbOrTx, row: NewMessage, now = new Date()): Promise<StoredMessage> {
  const [written] = await writeMessages(db, [row], now);
  if (!written) throw new Error('The message insert returned no row');
  return written;
}

/**
 * One message from `message.senderId` to each person `receivers` selects
 * (a SELECT of one column, `user_id`), computed and written in the same
 * statement: a network of any size is one statement, where a VALUES list
 * would hit PostgreSQL's 65,535 parameters at ~8,000 people.
 */
export async function writeMessageToEach(
  tx: DbOrTx,
  message: Omit<NewMessage, 'receiverId'>,
  receivers: SQL,
  now = new Date(),
): Promise<StoredMessage[]> {
  const source = sql`SELECT ${messageColumns(message, sql`receiver.user_id`)}, 1 AS ord
      FROM (${receivers}) AS receiver`;
  const { rows } = await tx.execute<WrittenRow>(messageStatement(source, now));
  return rows.map(storedMessage);
}

/**
 * One message with another insert that must commit with it in the same
 * statement: `along` is that insert with `RETURNING *`, which the message
 * may refer to (asking to borrow: the request, and the message that names
 * it). Answers the message and the row `along` returned, as the driver sent
 * it (map it with db/table-row.ts). Foreign keys between the two are checked
 * at the statement's end, so either may come first.
 *
 * `along` must insert exactly one row. One that inserts none (`ON CONFLICT
 * DO NOTHING`, a filtered `INSERT … SELECT`) still writes the message and
 * then throws; hence `tx`: the caller's transaction rolls both back.
 */
export async function writeMessageAlong(
  tx: Transaction,
  along: SQL,
  message: NewMessage,
  now = new Date(),
): Promise<{ message: StoredMessage; along: Record<string, unknown> }> {
  const { rows } = await tx.execute<WrittenRow>(messageStatement(sourceOfRows([message]), now, along));
  const [row] = rows;
  if (!row) throw new Error('The message insert returned no row');
  const {
    message_id: _id,
    message_created_at: _at,
    message_sender_id: _sender,
    message_receiver_id: _receiver,
    message_push_jobs: _jobs,
    ...alongRow
  } = row;
  return { message: storedMessage(row), along: alongRow };
}

interface WrittenRow extends Record<string, unknown> {
  message_id: string;
  message_created_at: string;
  message_sender_id: string;
  message_receiver_id: string;
  message_push_jobs: number | null;
}

function storedMessage(row: WrittenRow): StoredMessage {
  return {
    id: row.message_id,
    senderId: row.message_sender_id,
    receiverId: row.message_receiver_id,
    createdAt: new Date(row.message_created_at),
  };
}

/**
 * A message's columns as the statement's source selects them, typed, in
 * the order `message_input` names them. `receiver` may be a column of the
 * source (writeMessageToEach).
 */
function messageColumns(row: Omit<NewMessage, 'receiverId'>, receiver: SQL): SQL {
  const systemEvent = row.systemEvent ?? null;
  return sql`${row.senderId}::uuid AS sender_id, ${receiver} AS receiver_id, ${row.content}::text AS content,
             ${row.messageType}::text AS message_type, ${systemEvent}::text AS system_event,
             ${row.systemItemName ?? null}::text AS system_item_name,
             ${row.lendingRequestId ?? null}::uuid AS lending_request_id,
             ${row.networkRequestId ?? null}::uuid AS network_request_id,
             ${row.itemName ?? null}::text AS item_name,
             ${kindOf(row)}::text AS kind`;
}

/**
 * The rows as the statement's source. One row binds scalars; more bind one
 * array per column. (With arrays for a single message PostgreSQL would
 * estimate ten rows in a generic plan and one in a custom plan, and plan
 * the statement anew on every call: docs/performance.md, round 3.)
 */
function sourceOfRows(rows: readonly NewMessage[]): SQL {
  const [only] = rows;
  if (rows.length === 1 && only) return sql`SELECT ${messageColumns(only, sql`${only.receiverId}::uuid`)}, 1 AS ord`;
  const column = <T>(pick: (row: NewMessage) => T) => sql.param(rows.map(pick));
  return sql`SELECT * FROM unnest(
      ${column((r) => r.senderId)}::uuid[], ${column((r) => r.receiverId)}::uuid[], ${column((r) => r.content)}::text[],
      ${column((r) => r.messageType)}::text[], ${column((r) => r.systemEvent ?? null)}::text[],
      ${column((r) => r.systemItemName ?? null)}::text[], ${column((r) => r.lendingRequestId ?? null)}::uuid[],
      ${column((r) => r.networkRequestId ?? null)}::uuid[], ${column((r) => r.itemName ?? null)}::text[],
      ${column(kindOf)}::text[])
    WITH ORDINALITY AS source(sender_id, receiver_id, content, message_type, system_event, system_item_name,
                              lending_request_id, network_request_id, item_name, kind, ord)`;
}

function messageStatement(source: SQL, now: Date, along?: SQL): SQL {
  const dueAt = new Date(now.getTime() + EMAIL_DIGEST_DELAY_MS);
  return sql`
    WITH ${along ? sql`along AS (${along}), ` : sql``}message_input AS MATERIALIZED (
      SELECT gen_random_uuid() AS id, source.* FROM (${source}) AS source
    ), message AS (
      INSERT INTO ${messages} (id, sender_id, receiver_id, content, message_type, system_event, system_item_name,
                               lending_request_id, network_request_id, created_at)
      -- clock_timestamp(), not the transaction's now(): threads sort by time, and messages written
      -- together (a system message and the note that comes with it) keep the order they were given.
      SELECT id, sender_id, receiver_id, content, message_type, system_event, system_item_name,
             lending_request_id, network_request_id, clock_timestamp()
        FROM message_input ORDER BY ord
      RETURNING id, sender_id, receiver_id, created_at
    ), notification_source AS (
      SELECT input.receiver_id AS user_id, input.kind, coalesce(input.system_event, 'message') AS event,
             jsonb_build_object('partnerId', input.sender_id::text, 'senderName', sender.name,
                                'itemName', coalesce(input.item_name, input.system_item_name, item.name, request.title))
             -- "You may have this" (ADR 0028): a matched recipient reads network_request.match with their item.
             || CASE WHEN matched.name IS NULL THEN '{}'::jsonb
                     ELSE jsonb_build_object('role', 'match', 'matchedItemName', matched.name) END AS payload,
             input.id AS message_id
        FROM message_input input
        JOIN ${users} receiver ON receiver.id = input.receiver_id AND receiver.deleted_at IS NULL
        JOIN ${users} sender ON sender.id = input.sender_id
        LEFT JOIN ${lendingRequests} lr ON lr.id = input.lending_request_id
        LEFT JOIN ${items} item ON item.id = lr.item_id
        LEFT JOIN ${networkRequests} request ON request.id = input.network_request_id
        LEFT JOIN LATERAL (
          SELECT mi.name FROM ${networkRequestMatches} nrm JOIN ${items} mi ON mi.id = nrm.item_id
           WHERE input.system_event = 'network_request'
             AND nrm.network_request_id = input.network_request_id AND nrm.owner_id = input.receiver_id
           ORDER BY mi.name, mi.id LIMIT 1) AS matched ON true
       WHERE input.kind IS NOT NULL AND NOT ${blockBetween(sql`input.sender_id`, sql`input.receiver_id`)}
    ), ${notificationDeliveryCtes(dueAt)}
    SELECT message.id AS message_id,
           -- The thread's form (thread-query.ts): UTC, milliseconds truncated.
           to_char(message.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS message_created_at,
           message.sender_id AS message_sender_id, message.receiver_id AS message_receiver_id,
           ${PUSH_JOBS_QUEUED} AS message_push_jobs
           ${along ? sql`, along.*` : sql``}
      FROM message${along ? sql` CROSS JOIN along` : sql``}`;
}
