import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '../../contract/enums';
import { notificationPreferences, notifications, pendingEmailDigests, pushSubscriptions } from '../db/schema';
import { DEFAULT_NOTIFICATION_PREFERENCES } from './notification-preferences';

/** How long an event may wait unseen before it goes into an email digest. */
export const EMAIL_DIGEST_DELAY_MS = 15 * 60_000;

/**
 * DEFAULT_NOTIFICATION_PREFERENCES as a VALUES list, built once: literals of
 * our own enum and booleans, so no parameters to bind on every write.
 */
const DEFAULT_CHOICES = sql.raw(
  `(VALUES ${NOTIFICATION_KINDS.map((kind) => {
    const { push, email } = DEFAULT_NOTIFICATION_PREFERENCES[kind];
    return `('${kind}'::text, ${String(push)}, ${String(email)})`;
  }).join(', ')})`,
);

/**
 * The notification rules, written once (docs/decisions/0024, 0025, 0033):
 * CTEs that record the notifications of a preceding CTE named
 * `notification_source` and schedule their delivery, in the statement of
 * the change that caused them, so everything commits together or not at
 * all. Every notification goes through here: a message's (message-writer/),
 * a join request's, a loan reminder's (record-notifications.ts).
 *
 * `notification_source` has the columns (user_id uuid, kind text, event
 * text, payload jsonb, message_id uuid): one row per person to tell. Who
 * must hear nothing (a deleted account, a block) is the source's to leave
 * out; what happens to the rows is decided here:
 *
 * - each person's choice for the kind, else the default
 *   (DEFAULT_NOTIFICATION_PREFERENCES, rendered into the statement); a
 *   notification neither pushed nor mailed is not recorded;
 * - email: the person's digest is marked due `dueAt` unless one is pending,
 *   which keeps its earlier time (a busy conversation does not postpone the
 *   mail forever). Rows are written in user order, so two writes to
 *   overlapping people lock them in the same order and cannot deadlock;
 * - push: a 'deliver-push' job per notification, when the person has a
 *   device (without one there is nothing to send), through graphile-worker's
 *   `add_jobs`, called only when some row wants a push (every call wakes the
 *   workers). Reference PUSH_JOBS_QUEUED in the statement's final SELECT:
 *   a CTE that only selects runs only when read.
 */
export function notificationDeliveryCtes(dueAt: Date): SQL {
  return sql`notification_delivery AS MATERIALIZED (
      SELECT gen_random_uuid() AS notification_id, source.user_id, source.kind, source.event, source.payload,
             source.message_id,
             coalesce(choice.push, standard.push) AS push,
             coalesce(choice.email, standard.email) AS email,
             EXISTS (SELECT 1 FROM ${pushSubscriptions} device WHERE device.user_id = source.user_id) AS has_device
        FROM notification_source source
        JOIN ${DEFAULT_CHOICES} AS standard(kind, push, email) ON standard.kind = source.kind
        LEFT JOIN ${notificationPreferences} choice ON choice.user_id = source.user_id AND choice.kind = source.kind
    ), notification_recorded AS (
      INSERT INTO ${notifications} (id, user_id, kind, event, payload, message_id)
      SELECT notification_id, user_id, kind, event, payload, message_id
        FROM notification_delivery WHERE push OR email
    ), notification_digest AS (
      INSERT INTO ${pendingEmailDigests} (user_id, due_at)
      SELECT DISTINCT user_id, ${dueAt.toISOString()}::timestamptz
        FROM notification_delivery WHERE email
       ORDER BY user_id
      ON CONFLICT (user_id) DO NOTHING
    ), notification_push_jobs AS (
      SELECT graphile_worker.add_jobs(ARRAY(
               SELECT ROW('deliver-push', json_build_object('notificationId', notification_id),
                          NULL, NULL, NULL, NULL, NULL, NULL)::graphile_worker.job_spec
                 FROM notification_delivery WHERE push AND has_device)) AS added
       WHERE EXISTS (SELECT 1 FROM notification_delivery WHERE push AND has_device)
    )`;
}

/** For the final SELECT of a statement with notificationDeliveryCtes: runs the push CTE (see there). */
export const PUSH_JOBS_QUEUED = sql`(SELECT count(*)::int FROM notification_push_jobs)`;
