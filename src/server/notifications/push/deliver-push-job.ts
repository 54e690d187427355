import { eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import webpush, { WebPushError, type RequestOptions } from 'web-push';
import type { Language, NotificationKind } from '@/contract/enums';
import type { PushConfig } from '../../config/config';
import type { Database } from '../../db/client';
import { conversationReaders, messages, notifications, pushSubscriptions, users } from '../../db/schema';
import type { JobPayloads } from '../../jobs/job-names';
import {
  OutboundAddressRefused,
  pinnedHttpsAgent,
  resolveCheckedAddress,
  systemResolve,
  type Resolve,
} from '../../outbound/checked-address';
import { deliverableAcrossBlocks } from '../deliverable-across-blocks';
import { renderPushMessage } from '../notification-texts';
import { allowedPushEndpoint } from './push-endpoint-hosts';

export interface DeliverPushDeps {
  db: Database;
  push: PushConfig;
  logger: Logger;
  /** Tests pass the certificate of their self-signed push service; production uses Node's default CAs. */
  ca?: string;
  /** How push service hosts resolve: the system's resolver unless a test brings its own (DNS is outside our walls). */
  resolve?: Resolve;
  /** How long one push request may take. */
  timeoutMs?: number;
}

/** A day: a push older than that is stale news (the email digest covers it). */
const TTL_SECONDS = 24 * 60 * 60;
/** What asks something of the person, or answers them, may wake a phone; the rest waits for a good moment. */
const URGENCY: Record<NotificationKind, NonNullable<RequestOptions['urgency']>> = {
  borrow_request: 'high',
  request_answered: 'high',
  message: 'high',
  reminder: 'high',
  join_request: 'normal',
  handover: 'normal',
  network_request: 'normal',
};

interface ClaimedNotification {
  id: string;
  user_id: string;
  kind: NotificationKind;
  event: string;
  payload: Record<string, string | number | null>;
  language: Language;
}

/**
 * The 'deliver-push' job (docs/decisions/0024): sends one notification to
 * each of the recipient's push subscriptions, in their language.
 *
 * It first claims the notification: one UPDATE sets `pushed_at` only while it
 * is unset, unseen (neither the notification nor its message has been read,
 * and the recipient is not reading the thread the message is in right now on
 * some screen: conversation-readers.ts, docs/decisions/0045), the recipient's
 * account exists, and the recipient has not blocked the
 * person it is about since (`deliverableAcrossBlocks`). A job that runs again
 * (a retry, a crash after the claim) finds it claimed and sends nothing: a
 * push may be lost in a crash, never sent twice. When no device took it for
 * a reason that may pass (a push service error, a timeout), the claim is
 * released and the job fails, so graphile-worker retries it. 404 and 410 mean the subscription is gone:
 * its row is deleted, as is one whose keys cannot be encrypted to.
 */
export function createDeliverPushJob(deps: DeliverPushDeps): (payload: JobPayloads['deliver-push']) => Promise<void> {
  const { db, push, logger } = deps;
  const vapidDetails = {
    subject: push.vapid.subject,
    publicKey: push.vapid.publicKey,
    privateKey: push.vapid.privateKey,
  };

  return async ({ notificationId }) => {
    const claimed = await claim(db, notificationId);
    if (!claimed) return;
    const subscriptions = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, claimed.user_id));
    if (subscriptions.length === 0) return;

    const body = JSON.stringify(renderPushMessage(claimed));
    const options: RequestOptions = {
      vapidDetails,
      TTL: TTL_SECONDS,
      urgency: URGENCY[claimed.kind],
      timeout: deps.timeoutMs ?? 10_000,
    };
    const results = await Promise.all(
      subscriptions.map(async (subscription) => {
        if (!canEncryptFor(subscription, body)) {
          // Keys nothing can be encrypted to (stored before the API checked their sizes, or not a
          // curve point) fail the same way on every retry: the subscription is unusable, not the push.
          logger.info({ subscriptionId: subscription.id }, 'push subscription keys unusable; removing it');
          return { id: subscription.id, outcome: 'gone' as const };
        }
        // Checked again at every send (a row may predate today's rules), then connected to the address
        // that was checked and to no other (docs/outbound-requests.md).
        const allowed = allowedPushEndpoint(subscription.endpoint, push.extraEndpointHosts);
        if (!allowed) {
          logger.warn({ subscriptionId: subscription.id }, 'push endpoint no longer allowed; removing it');
          return { id: subscription.id, outcome: 'gone' as const };
        }
        try {
          const target = await resolveCheckedAddress(allowed.hostname, {
            resolve: deps.resolve ?? systemResolve,
            allowPrivate: allowed.operatorListed,
          });
          await webpush.sendNotification(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            body,
            { ...options, agent: pinnedHttpsAgent(target, { ca: deps.ca }) },
          );
          return { id: subscription.id, outcome: 'sent' as const };
        } catch (error) {
          if (error instanceof OutboundAddressRefused && error.reason === 'not_public') {
            // A push service that resolves into a private network is never one: nothing was sent.
            logger.warn({ err: error, subscriptionId: subscription.id }, 'push endpoint resolves to a private address');
            return { id: subscription.id, outcome: 'gone' as const };
          }
          const status = error instanceof WebPushError ? error.statusCode : undefined;
          if (status === 404 || status === 410) return { id: subscription.id, outcome: 'gone' as const };
          logger.warn({ err: error, status, subscriptionId: subscription.id }, 'push delivery failed');
          return { id: subscription.id, outcome: 'failed' as const };
        }
      }),
    );
    const sent = results.filter((r) => r.outcome === 'sent').map((r) => r.id);
    const gone = results.filter((r) => r.outcome === 'gone').map((r) => r.id);
    const failed = results.filter((r) => r.outcome === 'failed');
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (sent.length > 0) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(inArray(pushSubscriptions.id, sent));
    }
    if (sent.length === 0 && failed.length > 0) {
      // Nobody got it and the cause may pass: let the retry try again.
      await db.update(notifications).set({ pushedAt: null }).where(eq(notifications.id, claimed.id));
      throw new Error(`Push delivery failed for all ${failed.length} subscription(s); will retry`);
    }
  };
}

/**
 * Whether web-push can encrypt this body to the subscription's keys. Checked
 * on its own, before sending: sendNotification throws the same plain Error
 * for this as for a network failure, and only this one never passes. (It
 * costs one more ECDH per device, well under a millisecond.)
 */
function canEncryptFor(subscription: { p256dh: string; auth: string }, body: string): boolean {
  try {
    webpush.encrypt(subscription.p256dh, subscription.auth, body, 'aes128gcm');
    return true;
  } catch {
    return false;
  }
}

async function claim(db: Database, notificationId: string): Promise<ClaimedNotification | undefined> {
  const { rows } = await db.execute<ClaimedNotification & Record<string, unknown>>(sql`
    UPDATE ${notifications} n
       SET pushed_at = now()
      FROM ${users} u
     WHERE n.id = ${notificationId}::uuid
       AND u.id = n.user_id
       AND u.deleted_at IS NULL
       AND n.pushed_at IS NULL
       AND n.seen_at IS NULL
       AND NOT EXISTS (
             SELECT 1 FROM ${messages} m
              WHERE m.id = n.message_id
                AND (m.read_at IS NOT NULL
                     OR EXISTS (SELECT 1 FROM ${conversationReaders} r
                                 WHERE r.user_id = n.user_id AND r.partner_id = m.sender_id AND r.expires_at > now())))
       AND ${deliverableAcrossBlocks(sql`n`)}
    RETURNING n.id, n.user_id, n.kind, n.event, n.payload, u.language`);
  return rows[0];
}
