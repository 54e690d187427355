import type { Database } from '../../db/client';
import { announceAfterCommit, type AnnounceLog } from '../../events/announce-after-commit';
import type { LiveEventBus } from '../../events/live-event-bus';
import { announceMessages } from '../../message-writer/announce-messages';
import type { PostedMessage } from '../../message-writer/write-messages';

/** What one committed lending step changed, for the live streams of its two people. */
export interface LendingChange {
  requestId: string;
  itemId: string;
  /** NULL for a loan recorded for someone without an account (issue 19). */
  requesterId: string | null;
  ownerId: string;
  posted: PostedMessage[];
}

/**
 * After commit: the conversation, unread count and "request changed" events
 * for both parties, in one publish. The step has already happened, so a
 * failure here is logged and never turns into an error answer; the two
 * clients then catch up at their next event, stream reconnect or page load
 * (they poll only while their stream is down).
 */
export async function announceLendingChange(
  db: Database,
  bus: LiveEventBus,
  change: LendingChange,
  log: AnnounceLog,
): Promise<void> {
  const requestChanged = {
    userIds: change.requesterId === null ? [change.ownerId] : [change.requesterId, change.ownerId],
    event: { type: 'request_changed', requestId: change.requestId, itemId: change.itemId } as const,
  };
  await announceAfterCommit(log, () => announceMessages(db, bus, change.posted, [requestChanged]), {
    requestId: change.requestId,
  });
}
