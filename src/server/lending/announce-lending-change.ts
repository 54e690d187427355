import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { LiveEventBus } from '../events/live-event-bus';
import { announceMessages, type PostedMessage } from '../messages/post-message';

/** What one committed lending step changed, for the live streams of its two people. */
export interface LendingChange {
  requestId: string;
  itemId: string;
  requesterId: string;
  ownerId: string;
  posted: PostedMessage[];
}

/**
 * After commit: the conversation, unread count and "request changed" events
 * for both parties. The step has already happened, so a failing bus must not
 * turn it into an error answer: it is logged, and clients catch up through
 * their polling fallback (spec §9).
 */
export async function announceLendingChange(
  db: Database,
  bus: LiveEventBus,
  change: LendingChange,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await announceMessages(db, bus, change.posted);
    await bus.publish([change.requesterId, change.ownerId], {
      type: 'request_changed',
      requestId: change.requestId,
      itemId: change.itemId,
    });
  } catch (error) {
    log.warn({ err: error, requestId: change.requestId }, 'live events for a lending step could not be published');
  }
}
