import type { Database } from '../db/client';
import { announceAfterCommit, type AnnounceLog } from '../events/announce-after-commit';
import type { LiveEventBus } from '../events/live-event-bus';
import { selectItemViewers } from './item-viewers';

/**
 * After commit: `items_changed` to the people whose view of others' items
 * changed (a share given or withdrawn, an item edited), one publish however
 * many. Their Available Items refetches through the authorized API.
 */
export async function announceItemsChanged(
  bus: LiveEventBus,
  log: AnnounceLog,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await announceAfterCommit(log, () => bus.publish(userIds, { type: 'items_changed' }));
}

/** After an edit: everyone who sees the item now (one query), so their lists show the new name, status or picture. */
export async function announceItemEdited(db: Database, bus: LiveEventBus, log: AnnounceLog, itemId: string) {
  await announceAfterCommit(log, async () => {
    const viewers = await selectItemViewers(db, itemId);
    if (viewers.length > 0) await bus.publish(viewers, { type: 'items_changed' });
  });
}
