import { sql, type SQL } from 'drizzle-orm';
import { blockBetween } from '../blocks/block-sql';
import type { DbOrTx, Transaction } from '../db/client';
import {
  messages,
  notificationPreferences,
  notifications,
  pendingEmailDigests,
  pushSubscriptions,
  users,
} from '../db/schema';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../notifications/notification-preferences';
import { notificationKindOf } from '../notifications/notify-messages';
import { EMAIL_DIGEST_DELAY_MS } from '../notifications/record-notifications';
import type { NewMessage, StoredMessage } from './post-message';

/**
 * One message between two people: a chat message, or a lending step's
 * system message. Not a "looking for" message (its texts name the network
 * request and the receiver's matching item) nor one that keeps its item's
 * name (`systemItemName`, written when the item is going away).
 */
export type OneMessage = Omit<NewMessage, 'networkRequestId' | 'systemItemName'> & {
  /**
   * The item the notification names: for a lending step, the name of the
   * request's item, which the general path reads through the request.
   */
  itemName: string | null;
};

/**
 * A message with its notification, in one statement (docs/decisions/0033):
 * what `insertMessages` and `notifyAboutMessages` do for any message, in
 * three or four round trips, written out for one message whose sender, receiver and
 * item the caller knows. Being one statement, it commits whole or not at
 * all, like the caller's transaction, if any, around it.
 * `message-notification-parity.test.ts` holds it to the general path: the
 * same notification, digest row and push job.
 *
 * - The receiver is notified unless their account is deleted or a block
 *   stands between the two (ADR 0018), with the message's kind
 *   (`notificationKindOf`), by their saved choice or the default
 *   (DEFAULT_NOTIFICATION_PREFERENCES).
 * - Email: their digest is marked due unless one is pending.
 * - Push: a 'deliver-push' job when they have a device, through
 *   graphile-worker's `add_jobs` in the same statement; called only then,
 *   since every call wakes the workers.
 */
export async function insertMessageNotifying(
  db: DbOrTx,
  message: OneMessage,
  now = new Date(),
): Promise<StoredMessage> {
  const { rows } = await db.execute<MessageOutcome>(messageStatement(message, now));
  return storedMessage(message, rows[0]);
}

/**
 * The same, with another insert that must commit with the message in the
 * same statement: `along` is that insert with `RETURNING *`, which the
 * message may refer to (asking to borrow: the request, and the message
 * that names it). Answers the message and the row `along` returned, as the
 * driver sent it (map it with db/table-row.ts). Foreign keys between the
 * two are checked at the statement's end, so either may come first.
 *
 * `along` must insert exactly one row. One that inserts none (`ON CONFLICT
 * DO NOTHING`, a filtered `INSERT … SELECT`) still writes the message and
 * then throws; hence `tx`: the caller's transaction rolls both back.
 */
export async function insertMessageNotifyingAlong(
  tx: Transaction,
  along: SQL,
  message: OneMessage,
  now = new Date(),
): Promise<{ message: StoredMessage; along: Record<string, unknown> }> {
  const { rows } = await tx.execute<MessageOutcome>(messageStatement(message, now, along));
  const stored = storedMessage(message, rows[0]);
  const { message_id: _id, message_created_at: _at, message_jobs: _jobs, ...alongRow } = rows[0] ?? {};
  return { message: stored, along: alongRow };
}

interface MessageOutcome extends Record<string, unknown> {
  message_id: string;
  message_created_at: string;
  message_jobs: number | null;
}

function storedMessage(message: OneMessage, row: MessageOutcome | undefined): StoredMessage {
  if (!row) throw new Error('The message insert returned no row');
  return {
    id: row.message_id,
    senderId: message.senderId,
    receiverId: message.receiverId,
    createdAt: new Date(row.message_created_at),
  };
}

function messageStatement(message: OneMessage, now: Date, along?: SQL): SQL {
  const systemEvent = message.systemEvent ?? null;
  const kind = notificationKindOf(message.messageType, systemEvent);
  // A kind that notifies nobody (an account's end) takes the same statement with no receiver to notify.
  const defaults = kind ? DEFAULT_NOTIFICATION_PREFERENCES[kind] : { push: false, email: false };
  return sql`
    WITH ${along ? sql`along AS (${along}), ` : sql``}message AS (
      INSERT INTO ${messages} (sender_id, receiver_id, content, message_type, system_event, lending_request_id)
      VALUES (${message.senderId}::uuid, ${message.receiverId}::uuid, ${message.content}, ${message.messageType},
              ${systemEvent}, ${message.lendingRequestId ?? null}::uuid)
      RETURNING id, sender_id, receiver_id, created_at
    ), delivery AS (
      SELECT message.id, sender.name AS sender_name,
             coalesce(choice.push, ${defaults.push}::boolean) AS push,
             coalesce(choice.email, ${defaults.email}::boolean) AS email,
             EXISTS (SELECT 1 FROM ${pushSubscriptions} s WHERE s.user_id = message.receiver_id) AS has_device
        FROM message
        JOIN ${users} receiver ON receiver.id = message.receiver_id AND receiver.deleted_at IS NULL
        JOIN ${users} sender ON sender.id = message.sender_id
        LEFT JOIN ${notificationPreferences} choice ON choice.user_id = message.receiver_id AND choice.kind = ${kind}
       WHERE ${kind !== null} AND NOT ${blockBetween(sql`message.sender_id`, sql`message.receiver_id`)}
    ), notification AS (
      INSERT INTO ${notifications} (user_id, kind, event, payload, message_id)
      SELECT ${message.receiverId}::uuid, ${kind}, ${systemEvent ?? 'message'},
             jsonb_build_object('partnerId', ${message.senderId}::text, 'senderName', delivery.sender_name,
                                'itemName', ${message.itemName}::text),
             delivery.id
        FROM delivery WHERE delivery.push OR delivery.email
      RETURNING id
    ), digest AS (
      INSERT INTO ${pendingEmailDigests} (user_id, due_at)
      SELECT ${message.receiverId}::uuid, ${new Date(now.getTime() + EMAIL_DIGEST_DELAY_MS).toISOString()}::timestamptz
        FROM delivery WHERE delivery.email
      ON CONFLICT (user_id) DO NOTHING
    )
    SELECT message.id AS message_id,
           -- The thread's form (thread-query.ts): UTC, milliseconds truncated.
           to_char(message.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS message_created_at,
           -- add_jobs in the select list of the rows that want a push: run once for such a row, never
           -- without one (every call wakes the workers).
           (SELECT count(*)::int FROM (
              SELECT graphile_worker.add_jobs(ARRAY(
                       SELECT ROW('deliver-push', json_build_object('notificationId', notification.id),
                                  NULL, NULL, NULL, NULL, NULL, NULL)::graphile_worker.job_spec
                         FROM notification)) AS job
                FROM delivery WHERE delivery.push AND delivery.has_device) AS queued) AS message_jobs
           ${along ? sql`, along.*` : sql``}
      FROM message${along ? sql` CROSS JOIN along` : sql``}`;
}
