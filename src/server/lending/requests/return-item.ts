import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorizeItem } from '../../items/item-access';
import type { Actor } from '../../policies';
import type { LendingChange } from './announce-lending-change';
import { applyLendingStep } from './take-lending-step';
import { notifyWaitlist } from '../reservations/waitlist/notify-waitlist';

/**
 * PUT /api/items/{id}/return (spec §4 "Returning a borrowed item marks it
 * returned, makes it available again and posts a system message"): the
 * owner's "Return Item" on the card, which names the item, not the request.
 * It is the state machine's markReturned on the item's borrowed request.
 *
 * Returns null when the item was borrowed without a request on record (the
 * borrower deleted their account, and their requests went with it): the item
 * becomes available again, there is nobody to tell, and without this the
 * owner could neither edit its status nor delete it.
 */
export async function returnItem(
  db: Database,
  actor: Actor,
  itemId: string,
  timeZone: string,
): Promise<LendingChange | null> {
  return db.transaction(async (tx) => {
    // Locks the item first, like every lending write. 404 for anyone who may
    // not see it; 403 for a viewer: only the owner takes an item back.
    const item = await authorizeItem(tx, actor, itemId, 'item:update', { lock: true });
    const [borrowed] = await tx
      .select()
      .from(lendingRequests)
      .where(and(eq(lendingRequests.itemId, itemId), eq(lendingRequests.status, 'borrowed')))
      .for('update');
    if (borrowed) return applyLendingStep(tx, actor, 'markReturned', borrowed, item, null, timeZone);
    if (item.status !== 'borrowed') {
      throw new AppError('request_transition_not_allowed', 'The item is not lent out');
    }
    await tx
      .update(items)
      .set({ status: 'available', updatedAt: sql`now()` })
      .where(eq(items.id, itemId));
    await notifyWaitlist(tx, itemId);
    return null;
  });
}
