import { z } from 'zod';
import { addDays } from './schemas/lending';
import { isoDateSchema } from './schemas/item';

/**
 * Reservations (docs/decisions/0047): an item's days are held by accepted
 * and borrowed requests and by the owner's personal use, never twice. Days
 * are `YYYY-MM-DD` and periods inclusive of both ends, as the borrow form
 * writes them; `until: null` is a loan without a return date.
 */
export interface Period {
  from: string;
  until: string | null;
}

/** A period with both ends: what somebody asks for. */
export interface DatedPeriod {
  from: string;
  until: string;
}

export function periodsOverlap(a: Period, b: Period): boolean {
  return (a.until === null || b.from <= a.until) && (b.until === null || a.from <= b.until);
}

/** Whole days from `from` to `until`, both counted (a same-day loan is 1). */
export function periodLength({ from, until }: DatedPeriod): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function dayDistance(a: string, b: string): number {
  return Math.abs(periodLength({ from: a, until: b }) - 1);
}

/**
 * The free period of the same length nearest to `wanted` (issue 35: the
 * borrow dialog's suggestion on a conflict), starting between `earliest`
 * and `latestStart`; null when there is none. A nearest free start either
 * is one of those bounds or touches a busy period (the day after one ends,
 * or `length` days before one begins), so only those are tried. On a tie
 * the later period wins: an item out now is more likely free later.
 */
export function nearestFreePeriod(
  busy: readonly Period[],
  wanted: DatedPeriod,
  earliest: string,
  latestStart: string,
): DatedPeriod | null {
  const length = periodLength(wanted);
  const starts = new Set<string>([wanted.from, earliest, latestStart]);
  for (const period of busy) {
    if (period.until !== null) starts.add(addDays(period.until, 1));
    starts.add(addDays(period.from, -length));
  }
  let best: DatedPeriod | null = null;
  let bestDistance = Infinity;
  for (const from of starts) {
    if (from < earliest || from > latestStart) continue;
    const candidate = { from, until: addDays(from, length - 1) };
    if (busy.some((period) => periodsOverlap(period, candidate))) continue;
    const distance = dayDistance(from, wanted.from);
    if (distance < bestDistance || (distance === bestDistance && best !== null && from > best.from)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Days after a reservation's first day within which it must be handed over
 * (issue 35); a reservation still not handed over then is released, unless
 * the owner chose to keep it.
 */
export const RESERVATION_PICKUP_GRACE_DAYS = 3;

/**
 * How many days one availability read may cover: a little more than the
 * borrow form's year ahead plus the month shown before it.
 */
export const AVAILABILITY_MAX_DAYS = 400;

/** GET /api/items/{id}/availability?from&until: the days to show, both included. */
export const availabilityQuerySchema = z
  .object({ from: isoDateSchema, until: isoDateSchema })
  .refine((v) => v.until >= v.from, { path: ['until'], message: 'validation.borrowUntilBeforeFrom' })
  .refine((v) => v.until <= addDays(v.from, AVAILABILITY_MAX_DAYS - 1), {
    path: ['until'],
    message: 'validation.availabilityTooLong',
  });
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

/** Why days are busy, told to the owner only: a promise, the item out, or their own use. */
export const BUSY_REASONS = ['accepted', 'borrowed', 'personal'] as const;
export type BusyReason = (typeof BUSY_REASONS)[number];

/**
 * One busy stretch. Everyone the item is shared with sees the days only;
 * its owner also sees why and, for a loan, who and which request.
 */
export const busyPeriodSchema = z.object({
  from: z.string(),
  /** The last busy day; null for a loan without a return date. */
  until: z.string().nullable(),
  owner: z
    .object({
      reason: z.enum(BUSY_REASONS),
      requestId: z.string().nullable(),
      borrowerName: z.string().nullable(),
      /** Handed out and past its return date: busy until it comes back, so through today at least. */
      overdue: z.boolean(),
    })
    .optional(),
});
export type BusyPeriod = z.infer<typeof busyPeriodSchema>;

export const itemAvailabilitySchema = z.object({
  from: z.string(),
  until: z.string(),
  busy: z.array(busyPeriodSchema),
});
export type ItemAvailability = z.infer<typeof itemAvailabilitySchema>;

/** The conflicting days that come with a 409 `item_booked` / `item_lent_to_someone_else` / `item_reserved`. */
export const holdConflictSchema = z.object({
  from: z.string(),
  until: z.string().nullable(),
  /** The nearest free period of the asked length, when the refusal was a request's. */
  suggestion: z.object({ from: z.string(), until: z.string() }).nullable(),
});
export type HoldConflict = z.infer<typeof holdConflictSchema>;

/** How long "tell me when it's free" waits before it lapses (issue 35). */
export const WAITLIST_DAYS = 30;

/**
 * PUT /api/items/{id}/waitlist: the days wanted (both or neither; neither:
 * "whenever it is back"), as the borrow form checks them.
 */
export const joinWaitlistSchema = z
  .object({ from: isoDateSchema.optional(), until: isoDateSchema.optional() })
  .refine((v) => (v.from === undefined) === (v.until === undefined), {
    path: ['until'],
    message: 'validation.borrowUntilRequired',
  })
  .refine((v) => v.from === undefined || v.until === undefined || v.until >= v.from, {
    path: ['until'],
    message: 'validation.borrowUntilBeforeFrom',
  });
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;

const waitingDays = { from: z.string().nullable(), until: z.string().nullable() };

/** GET /api/items/{id}/waitlist: the reader's own place, and for the owner who waits. */
export const itemWaitlistSchema = z.object({
  mine: z.object({ ...waitingDays, expiresAt: z.string() }).nullable(),
  /** The owner only: who waits for the item, oldest first. */
  waiting: z.array(z.object({ name: z.string(), ...waitingDays, since: z.string() })).optional(),
});
export type ItemWaitlist = z.infer<typeof itemWaitlistSchema>;

/** PUT /api/contacts/{id}/auto-accept and /api/groups/{id}/auto-accept: the trust shortcut (issue 35), off by default. */
export const autoAcceptSchema = z.object({ autoAccept: z.boolean({ message: 'errors.invalid_input' }) });
export type AutoAcceptInput = z.infer<typeof autoAcceptSchema>;
