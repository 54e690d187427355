import { sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../../contract/schemas/notifications';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';
import { deviceLabelOf } from './device-label';
import { isAllowedPushEndpoint } from './push-endpoint-hosts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * POST /api/push/subscriptions: stores this browser's subscription, or
 * refreshes it (new keys after the browser renewed it). An endpoint belongs
 * to one browser profile, so when another account signs in there and
 * subscribes, the row moves to that account: the previous one must not keep
 * pushing its notifications to whoever uses that browser now. The endpoint is
 * an unguessable capability URL, so nobody can claim another person's.
 */
export async function savePushSubscription(
  db: Database,
  actor: Actor,
  input: PushSubscriptionInput,
  context: { userAgent: string | undefined; extraEndpointHosts: readonly string[] },
): Promise<PushSubscriptionRow> {
  authorize(actor, 'pushSubscription:manage', { userId: actor.id });
  if (!isAllowedPushEndpoint(input.endpoint, context.extraEndpointHosts)) {
    throw AppError.invalid('This push service is not allowed', 'validation.pushEndpointNotAllowed', [
      { path: 'endpoint', messageKey: 'validation.pushEndpointNotAllowed' },
    ]);
  }
  const deviceLabel = deviceLabelOf(context.userAgent);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      userId: actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      deviceLabel,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: actor.id,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel,
        // A refresh by the same account keeps its date; a move to another account starts anew.
        createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = ${actor.id}::uuid THEN ${pushSubscriptions.createdAt} ELSE now() END`,
      },
    })
    .returning();
  if (!row) throw new Error('The push subscription was not returned');
  return row;
}
