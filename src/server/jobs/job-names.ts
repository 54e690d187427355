import { z } from 'zod';
import { LANGUAGES } from '../../contract/enums';

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
  /** Every minute (JOB_SCHEDULE): turn the digests that fell due into 'email-digest' jobs. */
  'email-digests-due': z.object({}),
  /** Every hour (JOB_SCHEDULE): delete photo objects in the bucket that no photo claims (docs/decisions/0050). */
  'sweep-photo-objects': z.object({}),
  /**
   * A built-in sign-in account's mail (docs/decisions/0051): the address
   * confirmation or the recovery link. The token rides in the job because
   * only its hash is stored; the job's row is gone once it ran.
   */
  'send-account-mail': z.object({
    accountId: z.uuid(),
    kind: z.enum(['confirm_email', 'recover']),
    token: z.string(),
    language: z.enum(LANGUAGES),
  }),
  /** The next reminder of a loan: the day before its due date, then the overdue notices. */
  'loan-reminder': z.object({ lendingRequestId: z.uuid() }),
} as const;

export type JobName = keyof typeof JOB_PAYLOAD_SCHEMAS;
export type JobPayloads = { [N in JobName]: z.infer<(typeof JOB_PAYLOAD_SCHEMAS)[N]> };
export const JOB_NAMES = Object.keys(JOB_PAYLOAD_SCHEMAS) as JobName[];

/**
 * Jobs on a clock rather than on an event: graphile-worker's cron, which
 * queues each minute's job once however many instances run (its
 * known_crontabs table). A missed minute is not made up: the next one
 * finds what fell due meanwhile.
 */
export const JOB_SCHEDULE: readonly { task: JobName; match: string }[] = [
  { task: 'email-digests-due', match: '* * * * *' },
  { task: 'sweep-photo-objects', match: '17 * * * *' },
];
