import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';
import { enqueueJobs } from '../jobs/enqueue-job';
import { readDeliveryFacts, type DeliveryFacts } from './delivery-facts';
import { scheduleDigestsCte } from './email/digest-schedule';

/** How long an event may wait unseen before it goes into an email digest. */
export const EMAIL_DIGEST_DELAY_MS = 15 * 60_000;

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
 * Records notifications and schedules their delivery, inside the caller's
 * transaction (docs/decisions/0023-job-queue.md, 0033):
 *
 * - a push job per notification whose kind the person gets by push, when
 *   they have a device to push to (without one there is nothing to send);
 * - the email digest of each person who gets the kind by email, due
 *   EMAIL_DIGEST_DELAY_MS from now unless theirs is already pending, which
 *   keeps its time (a busy conversation does not postpone the mail forever).
 *   The digest is a row written in the same statement as the notifications
 *   (email/digest-schedule.ts), not a job.
 *
 * Two statements whatever the number of recipients, three when a push goes
 * out; one fewer when the caller read the recipients' `known` facts with its
 * own statement (delivery-facts.ts).
 */
export async function recordNotifications(
  tx: DbOrTx,
  inputs: readonly NotificationInput[],
  now = new Date(),
  known?: ReadonlyMap<string, DeliveryFacts>,
): Promise<void> {
  if (inputs.length === 0) return;
  const facts =
    known && inputs.every((input) => known.has(input.userId))
      ? known
      : await readDeliveryFacts(
          tx,
          inputs.map((input) => input.userId),
        );
  const choiceOf = (input: { userId: string; kind: NotificationKind }) =>
    facts.get(input.userId)?.preferences[input.kind];
  const wanted = inputs.filter((input) => {
    const choice = choiceOf(input);
    return choice && (choice.push || choice.email);
  });
  if (wanted.length === 0) return;

  // Sorted: two writes to overlapping people lock their digest rows in the same order, so they cannot deadlock.
  const digestUsers = [
    ...new Set(wanted.filter((input) => choiceOf(input)?.email).map((input) => input.userId)),
  ].sort();
  const digests =
    digestUsers.length > 0
      ? sql`WITH ${scheduleDigestsCte(digestUsers, new Date(now.getTime() + EMAIL_DIGEST_DELAY_MS))} `
      : sql``;
  const values = sql.join(
    wanted.map(
      (input) =>
        sql`(${input.userId}::uuid, ${input.kind}, ${input.event}, ${JSON.stringify(input.payload)}::jsonb, ${input.messageId ?? null}::uuid)`,
    ),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: string; user_id: string; kind: NotificationKind }>(sql`
    ${digests}INSERT INTO ${notifications} (user_id, kind, event, payload, message_id) VALUES ${values}
    RETURNING id, user_id, kind`);

  await enqueueJobs(
    tx,
    rows
      .filter((row) => choiceOf({ userId: row.user_id, kind: row.kind })?.push && facts.get(row.user_id)?.hasPushDevice)
      .map((row) => ({ name: 'deliver-push' as const, payload: { notificationId: row.id } })),
  );
}
