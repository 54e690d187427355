import type { Logger } from 'pino';
import type { AppConfig } from './config/config';
import type { Database } from './db/client';
import { createLoanReminderJob } from './lending/reminders/loan-reminder-job';
import { queueDueDigests } from './notifications/email/digest-schedule';
import { createEmailDigestJob } from './notifications/email/email-digest-job';
import { createDeliverPushJob } from './notifications/push/deliver-push-job';
import type { JobHandlers } from './jobs/job-runner';
import type { PhotoBucket } from './photos/bucket/photo-bucket';
import { sweepPhotoObjects } from './photos/bucket/sweep-photo-objects';
import { createAccountMailJob } from './idp/passkeys/account-mail-job';

/** What each background job does in the running server (docs/decisions/0023-job-queue.md). */
export function createJobHandlers(deps: {
  db: Database;
  config: AppConfig;
  logger: Logger;
  /** The photo bucket when there is one (photos/photo-storage.ts). */
  photoBucket: PhotoBucket | undefined;
}): JobHandlers {
  const { db, config, logger, photoBucket } = deps;
  return {
    'deliver-push': createDeliverPushJob({ db, push: config.push, logger }),
    'email-digest': createEmailDigestJob({ db, config, logger }),
    'email-digests-due': async () => {
      await queueDueDigests(db, new Date());
    },
    'loan-reminder': createLoanReminderJob({ db, timing: config.reminders }),
    'send-account-mail': createAccountMailJob({ db, mail: config.mail, publicUrl: config.publicUrl, logger }),
    'sweep-photo-objects': async () => {
      // In PostgreSQL a photo's bytes go with its row (foreign-key cascade): nothing is left to sweep.
      if (!photoBucket) return;
      const swept = await sweepPhotoObjects(db, photoBucket, new Date());
      if (swept.deleted > 0) logger.info({ ...swept, bucket: photoBucket.name }, 'deleted orphaned photo objects');
    },
  };
}
