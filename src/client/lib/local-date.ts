/**
 * Calendar dates (`YYYY-MM-DD`) in the user's own time zone, as the API's
 * date-only fields (e.g. an item's `personalUseUntil`) mean them.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** Today (or `date`) as `YYYY-MM-DD` in local time, not UTC. */
export function localIsoDate(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * `YYYY-MM-DD` as local midnight, so formatting shows the same day in every
 * time zone (`new Date('2026-03-10')` is UTC midnight: 9 March in New York).
 * An unreadable value gives an invalid Date, which the formatters turn into ''.
 */
export function parseIsoDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return new Date(Number.NaN);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
