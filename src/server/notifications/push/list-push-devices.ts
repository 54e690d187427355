import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { authorize, type Actor } from '../../policies';
import type { PushSubscriptionRow } from './save-push-subscription';

/** GET /api/push/subscriptions: the actor's devices that get pushes, newest first (one query; a person has a few). */
export async function listPushDevices(db: Database, actor: Actor): Promise<PushSubscriptionRow[]> {
  authorize(actor, 'pushSubscription:manage', { userId: actor.id });
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.id))
    .orderBy(desc(pushSubscriptions.createdAt), pushSubscriptions.id);
}
