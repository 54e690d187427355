import type { Logger } from 'pino';
import type { AppConfig } from './config/config';
import type { Database } from './db/client';
import { createLoanReminderJob } from './lending/reminders/loan-reminder-job';
import { queueDueDigests } from './notifications/email/digest-schedule';
import { createEmailDigestJob } from './notifications/email/email-digest-job';
import { createDeliverPushJob } from './notifications/push/deliver-push-job';
import type { JobHandlers } from './jobs/job-runner';

/** What each background job does in the running server (docs/decisions/0023-job-queue.md). */
export function createJobHandlers(deps: { db: Database; config: AppConfig; logger: Logger }): JobHandlers {
  const { db, config, logger } = deps;
  return {
    'deliver-push': createDeliverPushJob({ db, push: config.push, logger }),
    'email-digest': createEmailDigestJob({ db, config, logger }),
    'email-digests-due': async () => {
      await queueDueDigests(db, new Date());
    },
    'loan-reminder': createLoanReminderJob({ db, timing: config.reminders }),
  };
}
