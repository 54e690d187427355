import { sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@/contract/schemas/notifications';
import type { Database } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';
import { deviceLabelOf } from './device-label';
import { isAllowedPushEndpoint } from './push-endpoint-hosts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Devices one account may have. Any push-service URL passes the allow-list,
 * so without a cap one account could store thousands and make every event
 * fan out to all of them. 20 is far more than anyone's browsers and phones.
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

/**
 * POST /api/push/subscriptions: stores this browser's subscription, or
 * refreshes it (new keys after the browser renewed it). An endpoint belongs
 * to one browser profile, so when another account signs in there and
 * subscribes, the row moves to that account: the previous one must not keep
 * pushing its notifications to whoever uses that browser now. The endpoint is
 * an unguessable capability URL, so nobody can claim another person's.
 * Past MAX_PUSH_SUBSCRIPTIONS_PER_USER, the device that last took a push (or
 * subscribed) longest ago makes room, in the same transaction.
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
  return db.transaction(async (tx) => {
    // One save at a time per person, so two at once cannot both stay under the cap and end above it.
    // (NO KEY UPDATE: the subscriptions' foreign key still takes its share lock on the same row.)
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${actor.id}::uuid FOR NO KEY UPDATE`);
    const [row] = await tx
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
    await tx.execute(sql`
      DELETE FROM ${pushSubscriptions}
       WHERE id IN (SELECT id FROM ${pushSubscriptions}
                     WHERE user_id = ${actor.id}::uuid AND id <> ${row.id}::uuid
                     ORDER BY GREATEST(created_at, last_success_at) DESC, id
                    OFFSET ${MAX_PUSH_SUBSCRIPTIONS_PER_USER - 1})`);
    return row;
  });
}
