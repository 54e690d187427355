import { periodsOverlap, type Period } from '@/contract/reservations';
import { addDays } from '@/contract/schemas/lending';

/*
 * The month grid of the availability calendar (issue 35), as pure functions
 * of `YYYY-MM-DD` days: which days a month shows, on which weekday a week
 * starts in the reader's language, and which days are busy.
 */

/** `YYYY-MM` of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/** The month `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + count, 1)).toISOString().slice(0, 7);
}

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
}

/**
 * The first day of the week (ISO: 1 Monday, 7 Sunday) where the reader
 * lives: the interface language, with the browser's region when it speaks
 * the same language (English in Britain starts on Monday, in the United
 * States on Sunday). Intl's week info where the browser has it, else
 * Monday but for English without a region, which is American.
 */
export function weekStartFor(language: string, browserLanguage: string | undefined): number {
  const sameLanguage = browserLanguage?.toLowerCase().split('-')[0] === language;
  const tag = sameLanguage && browserLanguage ? browserLanguage : language;
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & WeekInfoLocale;
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info) return info.firstDay;
  } catch {
    // A malformed browser tag: fall through to the language alone.
  }
  return tag === 'en' || tag.toLowerCase() === 'en-us' ? 7 : 1;
}

/**
 * The days a month's grid shows: whole weeks from the week of the 1st to the
 * week of the last day, starting on `weekStart`. Days of the neighbouring
 * months fill the first and last week (shown dimmed).
 */
export function monthGrid(month: string, weekStart: number): string[] {
  const first = firstDayOf(month);
  const last = lastDayOf(month);
  const lead = (isoWeekday(first) - weekStart + 7) % 7;
  const trail = (weekStart + 6 - isoWeekday(last) + 7) % 7;
  const days: string[] = [];
  for (let day = addDays(first, -lead); day <= addDays(last, trail); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The seven weekdays from `weekStart`, as days of a week (for their names). */
export function weekdaysFrom(weekStart: number): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => addDays('2024-01-01', (((weekStart - 1 + index) % 7) + 7) % 7));
}

export function isBusy(day: string, busy: readonly Period[]): boolean {
  return busy.some((period) => periodsOverlap(period, { from: day, until: day }));
}
