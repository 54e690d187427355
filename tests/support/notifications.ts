import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { notifications } from '../../src/server/db/schema';
import {
  EMAIL_DIGEST_DELAY_MS,
  recordNotifications,
  type NotificationInput,
} from '../../src/server/notifications/record-notifications';

/**
 * Records notifications as if they happened a digest delay (and a second)
 * ago: their digest job is due now, and the digest finds them old enough to
 * mail. The rows this transaction wrote are the ones whose `created_at` is
 * the transaction's `now()`.
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
}
