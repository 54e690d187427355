import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { notifications } from '@/server/db/schema';
import { queueDueDigests } from '@/server/notifications/email/digest-schedule';
import { EMAIL_DIGEST_DELAY_MS } from '@/server/notifications/notification-delivery';
import { recordNotifications, type NotificationInput } from '@/server/notifications/record-notifications';

/**
 * Records notifications as if they happened a digest delay (and a second)
 * ago, and queues the digests due now as the minute's 'email-digests-due'
 * job does: the digest job is queued, and finds them old enough to mail. The
 * rows this transaction wrote are the ones whose `created_at` is the
 * transaction's `now()`.
 */
export async function recordDigestDue(db: Database, inputs: NotificationInput[]): Promise<void> {
  const earlier = new Date(Date.now() - EMAIL_DIGEST_DELAY_MS - 1000);
  await db.transaction(async (tx) => {
    await recordNotifications(tx, inputs, earlier);
    await tx
      .update(notifications)
      .set({ createdAt: earlier })
      .where(sql`${notifications.createdAt} = now()`);
  });
  await queueDueDigests(db, new Date());
}
