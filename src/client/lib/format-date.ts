/**
 * Date and relative-time formatting, always through Intl in the active
 * language, so no date words live in the translation files.
 */

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const DEFAULT_DATE_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export function formatDate(
  value: DateInput,
  language: string,
  options: Intl.DateTimeFormatOptions = DEFAULT_DATE_OPTIONS,
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, options).format(date);
}

export function formatDateTime(value: DateInput, language: string): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'medium' });
}

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Average month and year lengths: good enough for "3 months ago" style labels. */
const MONTH_MS = 30.44 * DAY_MS;
const YEAR_MS = 365.25 * DAY_MS;

/** The relative-time units of spec §9, coarsest last. */
export type RelativeTimeUnit = 'now' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

export interface RelativeTimeParts {
  unit: RelativeTimeUnit;
  /** Signed amount: negative in the past, positive in the future; 0 for "now". */
  value: number;
}

/** Picks the unit for the distance between `value` and `now` (pure; exported for tests and callers that need the unit). */
export function getRelativeTimeParts(value: DateInput, now: DateInput = Date.now()): RelativeTimeParts {
  const diffMs = toDate(value).getTime() - toDate(now).getTime();
  const abs = Math.abs(diffMs);
  const sign = diffMs < 0 ? -1 : 1;
  const amount = (unitMs: number) => sign * Math.floor(abs / unitMs);
  if (abs < MINUTE_MS) return { unit: 'now', value: 0 };
  if (abs < HOUR_MS) return { unit: 'minutes', value: amount(MINUTE_MS) };
  if (abs < DAY_MS) return { unit: 'hours', value: amount(HOUR_MS) };
  if (abs < WEEK_MS) return { unit: 'days', value: amount(DAY_MS) };
  if (abs < MONTH_MS) return { unit: 'weeks', value: amount(WEEK_MS) };
  if (abs < YEAR_MS) return { unit: 'months', value: amount(MONTH_MS) };
  return { unit: 'years', value: amount(YEAR_MS) };
}

const INTL_UNIT: Record<Exclude<RelativeTimeUnit, 'now'>, Intl.RelativeTimeFormatUnit> = {
  minutes: 'minute',
  hours: 'hour',
  days: 'day',
  weeks: 'week',
  months: 'month',
  years: 'year',
};

/** "now", "5 minutes ago", "in 2 days", "3 years ago" in the given language. */
export function formatRelativeTime(value: DateInput, language: string, now: DateInput = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const { unit, value: amount } = getRelativeTimeParts(date, now);
  // numeric 'auto' lets Intl say "now" / "jetzt" / "maintenant" / "ora" for 0 seconds.
  const formatter = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (unit === 'now') return formatter.format(0, 'second');
  return formatter.format(amount, INTL_UNIT[unit]);
}

/** Whole local calendar days between two instants (not 24-hour blocks: 23:59 → 00:01 is one day). */
export function calendarDaysBetween(from: DateInput, to: DateInput): number {
  const a = toDate(from);
  const b = toDate(to);
  const startA = Date.UTC(a.getFullYear(), a.getMonth(), a.getDate());
  const startB = Date.UTC(b.getFullYear(), b.getMonth(), b.getDate());
  return Math.round((startB - startA) / DAY_MS);
}

/**
 * Item-card label (spec §2 Item card): "today", "yesterday", "N days ago".
 * numeric 'auto' makes Intl produce the words for 0 and -1 in every language.
 */
export function formatDaysAgo(value: DateInput, language: string, now: DateInput = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.max(0, calendarDaysBetween(date, now));
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day');
}

/** "5 seconds" / "5 Sekunden": a duration phrase without plural rules in the locale files. */
export function formatSeconds(seconds: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds);
}
