import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items, lendingRequests } from '../../db/schema';
import { writeMessages, type PostedMessage } from '../../message-writer/write-messages';
import { syncLoanReminder } from '../reminders/sync-loan-reminder';
import { notifyWaitlist } from './waitlist/notify-waitlist';

/** The English sentence stored in `content`; readers see `systemEvent` in their language (docs/decisions/0010). */
const releasedSentence = (itemName: string) => `Reservation released, not handed over in time: ${itemName}`;

/**
 * Ends an accepted reservation that was not handed over within its pick-up
 * grace (issue 35): `released`, its days free at once (the hold goes with
 * the status, drizzle/0029), and a system message from the owner's side of
 * the conversation to the requester, who may ask again. Nobody's step: the
 * reminder job calls it when the grace is over.
 *
 * Locks the item, then the request, as every lending write does, and acts
 * only on a request still accepted and not kept by its owner: a hand-over,
 * a "keep" or a second instance's run that came first wins, and this does
 * nothing. Returns the messages posted (none when nothing happened).
 */
export async function releaseReservation(db: Database, lendingRequestId: string): Promise<PostedMessage[]> {
  return db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ itemId: lendingRequests.itemId })
      .from(lendingRequests)
      .where(eq(lendingRequests.id, lendingRequestId));
    if (!ref?.itemId) return [];
    const [item] = await tx
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(eq(items.id, ref.itemId))
      .for('update');
    const [request] = await tx
      .select()
      .from(lendingRequests)
      .where(eq(lendingRequests.id, lendingRequestId))
      .for('update');
    if (!item || !request || request.status !== 'accepted' || request.keptPastPickup || !request.requesterId) {
      return [];
    }
    await tx
      .update(lendingRequests)
      .set({ status: 'released', updatedAt: sql`now()` })
      .where(eq(lendingRequests.id, request.id));
    await syncLoanReminder(tx, {
      id: request.id,
      previousStatus: request.status,
      status: 'released',
      expectedReturnDate: request.expectedReturnDate,
    });
    await notifyWaitlist(tx, item.id);
    return writeMessages(tx, [
      {
        senderId: request.ownerId,
        receiverId: request.requesterId,
        content: releasedSentence(item.name),
        messageType: 'system',
        systemEvent: 'reservation_released',
        lendingRequestId: request.id,
      },
    ]);
  });
}
