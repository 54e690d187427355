import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  formatCalendarDate,
  formatDate,
  formatDaysAgo,
  formatFullDateTime,
  formatMessageTime,
  formatRelativeTime,
  formatSeconds,
  getRelativeTimeParts,
} from './format-date';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('getRelativeTimeParts', () => {
  it.each([
    [ago(10_000), { unit: 'now', value: 0 }],
    [ago(59_999), { unit: 'now', value: 0 }],
    [ago(MINUTE), { unit: 'minutes', value: -1 }],
    [ago(45 * MINUTE), { unit: 'minutes', value: -45 }],
    [ago(3 * HOUR), { unit: 'hours', value: -3 }],
    [ago(2 * DAY), { unit: 'days', value: -2 }],
    [ago(15 * DAY), { unit: 'weeks', value: -2 }],
    [ago(65 * DAY), { unit: 'months', value: -2 }],
    [ago(800 * DAY), { unit: 'years', value: -2 }],
    [new Date(NOW.getTime() + 3 * DAY), { unit: 'days', value: 3 }],
  ])('%s → %o', (date, expected) => {
    expect(getRelativeTimeParts(date, NOW)).toEqual(expected);
  });
});

describe('formatRelativeTime', () => {
  it('says "now" in every language for less than a minute', () => {
    expect(formatRelativeTime(ago(5_000), 'en', NOW)).toBe('now');
    expect(formatRelativeTime(ago(5_000), 'de', NOW)).toBe('jetzt');
    expect(formatRelativeTime(ago(5_000), 'fr', NOW)).toBe('maintenant');
    expect(formatRelativeTime(ago(5_000), 'it', NOW)).toBe('ora');
  });

  it('formats each unit through Intl in the given language', () => {
    expect(formatRelativeTime(ago(5 * MINUTE), 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * HOUR), 'de', NOW)).toBe('vor 2 Stunden');
    expect(formatRelativeTime(ago(3 * DAY), 'fr', NOW)).toBe('il y a 3 jours');
    expect(formatRelativeTime(ago(14 * DAY), 'it', NOW)).toBe('2 settimane fa');
    expect(formatRelativeTime(ago(95 * DAY), 'en', NOW)).toBe('3 months ago');
    expect(formatRelativeTime(ago(400 * DAY), 'en', NOW)).toBe('last year');
    expect(formatRelativeTime(new Date(NOW.getTime() + 2 * HOUR), 'en', NOW)).toBe('in 2 hours');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
  });
});

describe('formatDaysAgo (item-card labels)', () => {
  // Local calendar days: build the instants in local time so the test holds in any time zone.
  const now = new Date(2026, 2, 10, 9, 0);

  it.each([
    ['en', new Date(2026, 2, 10, 1, 0), 'today'],
    ['en', new Date(2026, 2, 9, 23, 59), 'yesterday'],
    ['en', new Date(2026, 2, 6, 12, 0), '4 days ago'],
    ['de', new Date(2026, 2, 10, 1, 0), 'heute'],
    ['de', new Date(2026, 2, 9, 8, 0), 'gestern'],
    ['de', new Date(2026, 2, 8, 8, 0), 'vorgestern'],
    ['de', new Date(2026, 2, 7, 8, 0), 'vor 3 Tagen'],
    ['fr', new Date(2026, 2, 9, 8, 0), 'hier'],
    ['fr', new Date(2026, 2, 5, 8, 0), 'il y a 5 jours'],
    ['it', new Date(2026, 2, 10, 8, 0), 'oggi'],
    ['it', new Date(2026, 2, 9, 8, 0), 'ieri'],
  ])('%s %s → %s', (language, date, expected) => {
    expect(formatDaysAgo(date, language, now)).toBe(expected);
  });

  it('treats a future date (clock skew) as today', () => {
    expect(formatDaysAgo(new Date(2026, 2, 11, 8, 0), 'en', now)).toBe('today');
  });

  it('counts calendar days, not 24-hour blocks', () => {
    expect(calendarDaysBetween(new Date(2026, 2, 9, 23, 59), new Date(2026, 2, 10, 0, 1))).toBe(1);
    expect(calendarDaysBetween(new Date(2026, 2, 10, 0, 1), new Date(2026, 2, 10, 23, 59))).toBe(0);
  });
});

describe('formatDate', () => {
  it('uses the language’s own date format', () => {
    const date = '2026-03-01T12:00:00Z';
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
    expect(formatDate(date, 'en', options)).toBe('Mar 1, 2026');
    expect(formatDate(date, 'de', options)).toBe('01.03.2026');
    expect(formatDate(date, 'fr', options)).toBe('1 mars 2026');
    expect(formatDate(date, 'it', options)).toBe('1 mar 2026');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('garbage', 'en')).toBe('');
  });
});

describe('formatSeconds', () => {
  it('spells the unit out with the right plural', () => {
    expect(formatSeconds(1, 'en')).toBe('1 second');
    expect(formatSeconds(5, 'en')).toBe('5 seconds');
    expect(formatSeconds(5, 'de')).toBe('5 Sekunden');
  });
});

describe('formatCalendarDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    // Node re-reads TZ on assignment; put back what the run started with.
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('shows the same day in every time zone, in the language’s format', () => {
    // Zones 25 hours apart, with their offsets in May 2030: local midnight falls on another UTC day.
    for (const [timeZone, offset] of [
      ['Pacific/Kiritimati', -840],
      ['Pacific/Pago_Pago', 660],
      ['Europe/Zurich', -120],
      ['UTC', 0],
    ] as const) {
      process.env.TZ = timeZone;
      expect(new Date(2030, 4, 4).getTimezoneOffset()).toBe(offset);
      expect(formatCalendarDate('2030-05-04', 'en')).toBe('May 4, 2030');
      expect(formatCalendarDate('2030-12-31', 'de')).toBe('31.12.2030');
    }
    expect(formatCalendarDate('2030-05-04', 'fr')).toBe('4 mai 2030');
    expect(formatCalendarDate('2030-05-04', 'it', { day: 'numeric', month: 'long' })).toBe('4 maggio');
  });

  it('returns an empty string for anything but YYYY-MM-DD', () => {
    expect(formatCalendarDate('2030-05-04T10:00:00Z', 'en')).toBe('');
    expect(formatCalendarDate('', 'en')).toBe('');
  });
});

describe('formatMessageTime (thread timestamps)', () => {
  // Local times, so the test holds in any time zone: "now" is Wednesday 11 March 2026, 18:00.
  const now = new Date(2026, 2, 11, 18, 0);

  it.each([
    ['en', new Date(2026, 2, 11, 14, 5, 42), '2:05 PM'],
    ['de', new Date(2026, 2, 11, 9, 7), '09:07'],
    ['fr', new Date(2026, 2, 11, 0, 1), '00:01'],
    ['en', new Date(2026, 2, 10, 23, 59), 'Tue 11:59 PM'],
    ['de', new Date(2026, 2, 5, 8, 30), 'Do., 08:30'],
    ['it', new Date(2026, 2, 9, 14, 5), 'lun 14:05'],
    ['en', new Date(2026, 2, 4, 14, 5), 'Mar 4, 2:05 PM'],
    ['fr', new Date(2026, 0, 2, 14, 5), '2 janv., 14:05'],
    ['en', new Date(2025, 10, 23, 2, 25, 25), 'Nov 23, 2025, 2:25 AM'],
    ['de', new Date(2025, 10, 23, 2, 25), '23. Nov. 2025, 02:25'],
  ])('%s %s → %s', (language, date, expected) => {
    expect(formatMessageTime(date, language, now)).toBe(expected);
  });

  it('shows a message a moment in the future (clock skew) as today’s', () => {
    expect(formatMessageTime(new Date(2026, 2, 11, 18, 1), 'en', now)).toBe('6:01 PM');
  });

  it('never shows seconds, and gives an empty string for an invalid date', () => {
    expect(formatMessageTime(new Date(2026, 2, 11, 14, 5, 42), 'en-GB', now)).toBe('14:05');
    expect(formatMessageTime('garbage', 'en', now)).toBe('');
  });
});

describe('formatFullDateTime', () => {
  it('spells out the date and gives the time without seconds', () => {
    expect(formatFullDateTime(new Date(2026, 2, 2, 14, 5, 42), 'en')).toBe('Monday, March 2, 2026 at 2:05 PM');
  });
});
