import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { EMAIL_DIGEST_DELAY_MS, notificationDeliveryCtes, PUSH_JOBS_QUEUED } from './notification-delivery';

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** The finer event (e.g. `request_accepted`, `due_soon`): picks the text. */
  event: string;
  /** Ids for the link and the names the texts quote; rendered in the recipient's language when delivered. */
  payload: Record<string, string | number | null>;
  /** The message the event wrote, if any: reading it in the app counts as seeing the notification. */
  messageId?: string | null;
}

/**
 * Records notifications that come with no message (a join request, a loan
 * reminder) and schedules their delivery, inside the caller's transaction:
 * one statement whatever the number of recipients, by the rules of
 * notification-delivery.ts. A message's notification is written with the
 * message instead (message-writer/write-messages.ts).
 */
export async function recordNotifications(
  tx: DbOrTx,
  inputs: readonly NotificationInput[],
  now = new Date(),
): Promise<void> {
  if (inputs.length === 0) return;
  const rows = sql.join(
    inputs.map(
      (input) =>
        sql`(${input.userId}::uuid, ${input.kind}::text, ${input.event}::text, ${JSON.stringify(input.payload)}::jsonb, ${input.messageId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    WITH notification_source (user_id, kind, event, payload, message_id) AS (VALUES ${rows}),
         ${notificationDeliveryCtes(new Date(now.getTime() + EMAIL_DIGEST_DELAY_MS))}
    SELECT ${PUSH_JOBS_QUEUED} AS push_jobs`);
}
