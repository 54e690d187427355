import { nearestFreePeriod, periodsOverlap, type DatedPeriod, type Period } from '@/contract/reservations';
import { addDays } from '@/contract/schemas/lending';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { readItemHolds, type ItemHold } from './item-holds-query';

/** The first hold (by its first day) that shares a day with `period`, other than the request's own. */
export function firstConflict(
  holds: readonly ItemHold[],
  period: Period,
  exceptRequestId?: string,
): ItemHold | undefined {
  return holds.find(
    (hold) => (exceptRequestId === undefined || hold.requestId !== exceptRequestId) && periodsOverlap(hold, period),
  );
}

/**
 * The 409 for asking or agreeing to days already held, with the days (issue 35):
 * the item out now is `item_lent_to_someone_else` (the spec's "borrowed by
 * someone else"), days promised to someone `item_booked`. The owner's own
 * use is `item_reserved` for the owner, who set it, and plain `item_booked`
 * for anyone else: a borrower learns that days are busy, never who holds
 * them or why.
 */
export function holdRefusal(
  hold: ItemHold,
  reader: 'owner' | 'borrower',
  suggestion: DatedPeriod | null = null,
): AppError {
  const refusal =
    hold.reason === 'personal' && reader === 'owner'
      ? new AppError('item_reserved', 'You keep the item for personal use on some of these days')
      : hold.reason === 'borrowed'
        ? new AppError('item_lent_to_someone_else', 'The item is lent to someone else on some of these days')
        : new AppError('item_booked', 'The item is busy on some of these days');
  refusal.conflict = { from: hold.from, until: hold.until, suggestion };
  return refusal;
}

/**
 * Refuses `wanted` when it shares a day with a hold, suggesting the nearest
 * free period of its length that a borrow form would accept.
 */
export function refuseOverlap(
  holds: readonly ItemHold[],
  wanted: DatedPeriod,
  bounds: { earliest: string; latestStart: string },
): void {
  const conflict = firstConflict(holds, wanted);
  if (!conflict) return;
  throw holdRefusal(conflict, 'borrower', nearestFreePeriod(holds, wanted, bounds.earliest, bounds.latestStart));
}

/**
 * A loan kept longer must not run into the next person's days (issue 35):
 * the days after its current return date through the new one must be free
 * of every other hold. Asked when the borrower requests the extension and
 * again when the owner grants it (a booking may have come in between); the
 * 409 names the days in the way, never who holds them.
 */
export async function ensureExtensionFits(
  tx: DbOrTx,
  loan: { id: string; itemId: string; expectedReturnDate: string },
  newUntil: string,
  today: string,
  reader: 'owner' | 'borrower',
): Promise<void> {
  const added = { from: addDays(loan.expectedReturnDate, 1), until: newUntil };
  const conflict = firstConflict(await readItemHolds(tx, loan.itemId, added, today), added, loan.id);
  if (conflict) throw holdRefusal(conflict, reader);
}
