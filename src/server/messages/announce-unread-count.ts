import type { Database } from '../db/client';
import type { LiveEventBus } from '../events/live-event-bus';
import { countUnreadMessages } from './count-unread-messages';

/** After a read: the reader's new unread total, for the badge on their other tabs and devices. */
export async function announceUnreadCount(db: Database, bus: LiveEventBus, userId: string): Promise<void> {
  await bus.publish([userId], { type: 'unread_count', count: await countUnreadMessages(db, { id: userId }) });
}
