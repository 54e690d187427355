/**
 * Date and relative-time formatting, always through Intl in the active
 * language, so no date words live in the translation files.
 */

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const DEFAULT_DATE_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * Building an Intl formatter costs far more than using one (a list of twelve
 * item cards spent about as long constructing formatters as rendering), so
 * each language and option set gets one, kept for the page's life. The
 * number of distinct keys is small and fixed by the code.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cachedFormatter<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, create: () => F): F {
  const known = formatters.get(key);
  if (known) return known as F;
  const created = create();
  formatters.set(key, created);
  return created;
}

function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter(
    `date|${language}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

function relativeDayFormat(language: string): Intl.RelativeTimeFormat {
  return cachedFormatter(`relative|${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
}

export function formatDate(
  value: DateInput,
  language: string,
  options: Intl.DateTimeFormatOptions = DEFAULT_DATE_OPTIONS,
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(language, options).format(date);
}

export function formatDateTime(value: DateInput, language: string): string {
  return formatDate(value, language, { dateStyle: 'medium', timeStyle: 'medium' });
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (`YYYY-MM-DD`: a loan's from- and until-date, a
 * reservation) as the reader writes dates. It names a day, not an instant,
 * so it is formatted in UTC from UTC midnight: the same day in every time
 * zone. Anything else gives ''.
 */
export function formatCalendarDate(
  value: string,
  language: string,
  options: Intl.DateTimeFormatOptions = DEFAULT_DATE_OPTIONS,
): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return '';
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatDate(utcMidnight, language, { ...options, timeZone: 'UTC' });
}

/**
 * Hours and minutes as the language writes a time: "2:05 PM" where clocks
 * have 12 hours, "02:05" where they have 24 (as timeStyle 'short' does,
 * which cannot be combined with a weekday or a month).
 */
function hourMinute(language: string): Intl.DateTimeFormatOptions {
  const { hourCycle } = dateTimeFormat(language, { hour: 'numeric' }).resolvedOptions();
  const twelveHours = hourCycle === 'h11' || hourCycle === 'h12';
  return { hour: twelveHours ? 'numeric' : '2-digit', minute: '2-digit' };
}

/**
 * When a message was sent, as chat apps say it, without seconds: the time
 * alone today ("14:05", "2:05 PM"), the weekday and time within the last
 * week ("Mo., 14:05"), else the date and time, with the year only when it is
 * not this one. Days are the reader's local calendar days.
 */
export function formatMessageTime(value: DateInput, language: string, now: DateInput = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const days = calendarDaysBetween(date, now);
  const time = hourMinute(language);
  // A message a moment "in the future" (clock skew) is today's too.
  if (days <= 0) return formatDate(date, language, time);
  if (days < 7) return formatDate(date, language, { weekday: 'short', ...time });
  const thisYear = date.getFullYear() === toDate(now).getFullYear();
  return formatDate(date, language, {
    day: 'numeric',
    month: 'short',
    ...(thisYear ? {} : { year: 'numeric' }),
    ...time,
  });
}

/** The full date and time without seconds, for a timestamp's tooltip: "Monday, March 2, 2026 at 2:05 PM". */
export function formatFullDateTime(value: DateInput, language: string): string {
  return formatDate(value, language, { dateStyle: 'full', timeStyle: 'short' });
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
  const formatter = relativeDayFormat(language);
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
  return relativeDayFormat(language).format(-days, 'day');
}

/** "5 seconds" / "5 Sekunden": a duration phrase without plural rules in the locale files. */
export function formatSeconds(seconds: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds);
}
