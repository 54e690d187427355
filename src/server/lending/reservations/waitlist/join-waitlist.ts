import { and, eq, sql } from 'drizzle-orm';
import { WAITLIST_DAYS, type JoinWaitlistInput } from '@/contract/reservations';
import { earliestReservationDate } from '../../../dates/calendar-dates';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { itemWaitlist } from '../../../db/schema';
import { authorizeItem } from '../../../items/item-access';
import type { Actor } from '../../../policies';

/**
 * PUT /api/items/{id}/waitlist (issue 35): "tell me when it's free", for the
 * days given or for whenever it is back. Anyone the item is shared with but
 * its owner (`item:joinWaitlist`; 404 for anyone who cannot see it). Saying
 * it again replaces the days and starts the 30 days anew.
 */
export async function joinWaitlist(db: Database, actor: Actor, itemId: string, input: JoinWaitlistInput) {
  const item = await authorizeItem(db, actor, itemId, 'item:joinWaitlist');
  // Days already gone cannot come free (the earliest "today" anywhere, as the borrow form's bound).
  if (input.until !== undefined && input.until < earliestReservationDate()) {
    throw AppError.invalid('Invalid input', 'errors.invalid_input', [
      { path: 'until', messageKey: 'validation.dateInPast' },
    ]);
  }
  const days = { wantedFrom: input.from ?? null, wantedUntil: input.until ?? null };
  const expiresAt = sql`now() + make_interval(days => ${WAITLIST_DAYS})`;
  await db
    .insert(itemWaitlist)
    .values({ itemId: item.id, userId: actor.id, ...days, expiresAt })
    .onConflictDoUpdate({
      target: [itemWaitlist.itemId, itemWaitlist.userId],
      set: { ...days, createdAt: sql`now()`, expiresAt },
    });
}

/** DELETE /api/items/{id}/waitlist: leave it. Saying it when not waiting changes nothing. */
export async function leaveWaitlist(db: Database, actor: Actor, itemId: string): Promise<void> {
  await authorizeItem(db, actor, itemId, 'item:read');
  await db.delete(itemWaitlist).where(and(eq(itemWaitlist.itemId, itemId), eq(itemWaitlist.userId, actor.id)));
}
