import { addDays } from '../../contract/schemas/lending';
import { AppError } from './app-error';

/** The exclusion constraint of item_holds (drizzle/0029_reservation_rules.sql, docs/decisions/0047). */
export const HOLD_OVERLAP_CONSTRAINT = 'item_holds_never_overlap';

/**
 * The held days PostgreSQL names in an exclusion violation's detail:
 * `… conflicts with existing key (item_id, during)=(<id>, [2026-12-12,2026-12-20)).`
 * A range's upper bound is exclusive; an absent one is a loan without a return date.
 */
const EXISTING_KEY =
  /conflicts with existing key \(item_id, during\)=\([0-9a-f-]+, \[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})?\)\)/;

/**
 * Any write that would hold an item's days twice (an accept, a hand-over,
 * an extension, a recorded loan, the owner's personal use) fails on the
 * exclusion constraint, whichever path it took; the use cases check first
 * under the item's lock and name the conflict better, so this answer is the
 * backstop for a writer that did not. 409 `item_booked` with the days.
 */
export function holdOverlapError(error: unknown): AppError | null {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint, detail } = current as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (code === '23P01' && constraint === HOLD_OVERLAP_CONSTRAINT) {
      const refusal = new AppError('item_booked', 'The item is already held for some of these days');
      const held = typeof detail === 'string' ? EXISTING_KEY.exec(detail) : null;
      if (held?.[1]) {
        refusal.conflict = { from: held[1], until: held[2] ? addDays(held[2], -1) : null, suggestion: null };
      }
      return refusal;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
