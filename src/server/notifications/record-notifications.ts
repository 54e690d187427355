import type { NotificationKind } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';
import { enqueueJobs, type JobSpec } from '../jobs/enqueue-job';
import { readDeliveryFacts } from './delivery-facts';

/** How long an event may wait unseen before it goes into an email digest. */
export const EMAIL_DIGEST_DELAY_MS = 15 * 60_000;

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** The finer event (e.g. `request_accepted`, `due_soon`): picks the text. */
  event: string;
  /** Ids for the link and the names the text quotes; rendered in the recipient's language when delivered. */
  payload: Record<string, string | number | null>;
  /** The message the event wrote, if any: reading it in the app counts as seeing the notification. */
  messageId?: string | null;
}

/**
 * Records notifications and queues their delivery, inside the caller's
 * transaction (docs/decisions/0023-job-queue.md, 0033): a push job per
 * notification whose kind the person gets by push, when they have a device to
 * push to; and an email digest for each person who gets the kind by email,
 * unless theirs is already pending (its time is kept when more events
 * arrive, so a busy conversation does not postpone the mail forever). Two
 * statements, three when a job is queued, whatever the number of recipients.
 */
export async function recordNotifications(
  tx: DbOrTx,
  inputs: readonly NotificationInput[],
  now = new Date(),
): Promise<void> {
  if (inputs.length === 0) return;
  const facts = await readDeliveryFacts(
    tx,
    inputs.map((input) => ({ userId: input.userId, digestJobKey: emailDigestJobKey(input.userId) })),
  );
  const wanted = inputs.filter((input) => {
    const choice = facts.get(input.userId)?.preferences[input.kind];
    return choice && (choice.push || choice.email);
  });
  if (wanted.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(
      wanted.map((input) => ({
        userId: input.userId,
        kind: input.kind,
        event: input.event,
        payload: input.payload,
        messageId: input.messageId ?? null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });

  const jobs: JobSpec[] = [];
  const digests = new Set<string>();
  for (const row of rows) {
    const person = facts.get(row.userId);
    const choice = person?.preferences[row.kind];
    // No device: the notification stays in the app; a device added later gets the events after it.
    if (choice?.push && person?.hasPushDevice) {
      jobs.push({ name: 'deliver-push', payload: { notificationId: row.id } });
    }
    if (choice?.email && !person?.digestPending) digests.add(row.userId);
  }
  const digestAt = new Date(now.getTime() + EMAIL_DIGEST_DELAY_MS);
  for (const userId of digests) {
    jobs.push({ name: 'email-digest', payload: { userId }, jobKey: emailDigestJobKey(userId), runAt: digestAt });
  }
  await enqueueJobs(tx, jobs, { preserveRunAt: true });
}

export function emailDigestJobKey(userId: string): string {
  return `email-digest:${userId}`;
}
