import type { AvailabilityQuery, ItemAvailability } from '@/contract/reservations';
import { periodsOverlap } from '@/contract/reservations';
import { utcToday } from '../../dates/calendar-dates';
import type { DbOrTx } from '../../db/client';
import { authorizeItem } from '../../items/item-access';
import { can, type Actor } from '../../policies';
import { readItemHolds } from './item-holds-query';

/**
 * GET /api/items/{id}/availability (issue 35): the item's busy days between
 * `from` and `until`, for its owner and everyone it is shared with (anyone
 * else: 404, as for the item). Only the owner learns why and who
 * (`item:readBookings`); the others see "busy", the owner's own use too.
 */
export async function getItemAvailability(
  db: DbOrTx,
  actor: Actor,
  itemId: string,
  window: Required<AvailabilityQuery>,
  now = new Date(),
): Promise<ItemAvailability> {
  const item = await authorizeItem(db, actor, itemId, 'item:read');
  const ownerView = can(actor, 'item:readBookings', { ownerId: item.ownerId, visibleToActor: true });
  const holds = await readItemHolds(db, item.id, window, utcToday(now));
  return {
    from: window.from,
    until: window.until,
    busy: holds
      .filter((hold) => periodsOverlap(hold, window))
      .map((hold) => ({
        from: hold.from,
        until: hold.until,
        ...(ownerView
          ? {
              owner: {
                reason: hold.reason,
                requestId: hold.requestId,
                borrowerName: hold.borrowerName,
                overdue: hold.overdue,
              },
            }
          : {}),
      })),
  };
}
