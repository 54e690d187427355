import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { derivedSecret } from '../../config/derived-secret';
import type { Database } from '../../db/client';
import type { JobPayloads } from '../../jobs/job-names';
import { claimDigest } from './claim-digest';
import { rescheduleDigest } from './digest-schedule';
import { createMailTransport, type MailTransport } from './mail-transport';
import { renderDigest } from './render-digest';
import { signUnsubscribeToken, UNSUBSCRIBE_KEY_PURPOSE } from './unsubscribe-token';
import { unsubscribeUrl } from './unsubscribe-url';

export interface EmailDigestDeps {
  db: Database;
  config: Pick<AppConfig, 'publicUrl' | 'sessionSecret' | 'mail'>;
  logger: Logger;
  /** Defaults to SMTP from config.mail; without either, the job sends nothing. */
  transport?: MailTransport;
  /** The clock that stamps emailed_at (tests pass their own). */
  now?: () => Date;
}

/**
 * The 'email-digest' job (docs/decisions/0025, 0033): one job per person at
 * a time, queued when their digest falls due, fifteen minutes after the
 * first event it covers (digest-schedule.ts). It claims what the person has
 * not seen and is at least that old (claim-digest.ts), marks the digest due
 * again for younger events, renders
 * it in their language and sends it, all inside one transaction: the claim
 * commits only after the SMTP server accepted the mail, and a failed send
 * rolls it back and fails the job, so graphile-worker retries it. A crash
 * between the acceptance and the commit sends the same digest again
 * (at-least-once); two runs at once never mail one notification twice (the
 * second skips the rows the first holds).
 */
export function createEmailDigestJob(deps: EmailDigestDeps): (payload: JobPayloads['email-digest']) => Promise<void> {
  const { db, config, logger } = deps;
  const transport = deps.transport ?? (config.mail ? createMailTransport(config.mail) : undefined);
  const tokenKey = derivedSecret(config.sessionSecret, UNSUBSCRIBE_KEY_PURPOSE);
  const now = deps.now ?? (() => new Date());

  return async ({ userId }) => {
    // No SMTP configured: said once at start-up (logMailSetup); the job just completes.
    if (!transport) return;
    await db.transaction(async (tx) => {
      const { digest, nextDueAt } = await claimDigest(tx, userId, now());
      // Events too young to mail get a digest again when the oldest is due, committed with this
      // claim. Written last, after the mail server's answer: the row stays locked until the commit,
      // and a new event for this person (a chat message) waits on it, so not for the SMTP exchange.
      const reschedule = async () => {
        if (nextDueAt) await rescheduleDigest(tx, userId, nextDueAt);
      };
      if (!digest) return reschedule();
      const unsubscribe = unsubscribeUrl(config.publicUrl, signUnsubscribeToken(tokenKey, { userId, scope: 'all' }));
      const mail = renderDigest(digest.recipient, digest.notifications, {
        publicUrl: config.publicUrl,
        unsubscribeUrl: unsubscribe,
      });
      await transport.send({
        to: { name: digest.recipient.name, address: digest.recipient.email },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          // RFC 2369 and RFC 8058: mail clients show an "Unsubscribe" button that POSTs here, no page in between.
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          // RFC 3834: no vacation auto-replies to a notification.
          'Auto-Submitted': 'auto-generated',
        },
      });
      logger.info({ userId, notifications: digest.notifications.length }, 'email digest sent');
      await reschedule();
    });
  };
}
