import { z } from 'zod';

/**
 * The background jobs and their payloads (docs/decisions/0023-job-queue.md).
 * A job is written into PostgreSQL in the same transaction as the change that
 * calls for it, so a rolled-back change leaves no job, and a committed one
 * always has its job, whichever instance runs it.
 */
export const JOB_PAYLOAD_SCHEMAS = {
  /** Send one notification to the person's push subscriptions. */
  'deliver-push': z.object({ notificationId: z.uuid() }),
  /** Mail a person what they have not seen in the app since the last digest. */
  'email-digest': z.object({ userId: z.uuid() }),
  /** The next reminder of a loan: the day before its due date, then the overdue notices. */
  'loan-reminder': z.object({ lendingRequestId: z.uuid() }),
} as const;

export type JobName = keyof typeof JOB_PAYLOAD_SCHEMAS;
export type JobPayloads = { [N in JobName]: z.infer<(typeof JOB_PAYLOAD_SCHEMAS)[N]> };
export const JOB_NAMES = Object.keys(JOB_PAYLOAD_SCHEMAS) as JobName[];
