import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { can, type Actor } from '../../policies';

/**
 * DELETE /api/push/subscriptions: this browser stops getting pushes. Someone
 * else's endpoint answers 404 like an unknown one, so the answer does not
 * tell whether an endpoint is anyone's.
 */
export async function removePushSubscription(db: Database, actor: Actor, endpoint: string): Promise<void> {
  const [row] = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  if (!row || !can(actor, 'pushSubscription:manage', row)) throw AppError.notFound('Push subscription not found');
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.userId, actor.id)));
}
