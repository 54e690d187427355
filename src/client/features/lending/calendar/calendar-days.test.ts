import { describe, expect, it } from 'vitest';
import { addMonths, isBusy, lastDayOf, monthGrid, weekStartFor, weekdaysFrom } from './calendar-days';

describe('the month grid', () => {
  it('shows whole weeks from the week of the 1st, on the reader’s first weekday', () => {
    // March 2027 begins on a Monday and ends on a Wednesday.
    const monday = monthGrid('2027-03', 1);
    expect(monday[0]).toBe('2027-03-01');
    expect(monday.at(-1)).toBe('2027-04-04');
    expect(monday).toHaveLength(35);
    const sunday = monthGrid('2027-03', 7);
    expect(sunday[0]).toBe('2027-02-28');
    expect(sunday.at(-1)).toBe('2027-04-03');
    expect(sunday.length % 7).toBe(0);
  });

  it('knows month lengths, leap years and the turn of the year', () => {
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2027-02')).toBe('2027-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
  });

  it('names the weekdays from the first one', () => {
    expect(weekdaysFrom(1)[0]).toBe('2024-01-01');
    expect(new Date(`${weekdaysFrom(7)[0]}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(new Set(weekdaysFrom(7).map((day) => new Date(`${day}T00:00:00Z`).getUTCDay())).size).toBe(7);
  });
});

describe('the week start', () => {
  it('follows the language, and the browser’s region when it speaks it', () => {
    expect(weekStartFor('de', 'de-DE')).toBe(1);
    expect(weekStartFor('fr', 'en-US')).toBe(1);
    expect(weekStartFor('en', 'en-US')).toBe(7);
    expect(weekStartFor('en', 'en-GB')).toBe(1);
    expect(weekStartFor('it', undefined)).toBe(1);
  });
});

describe('busy days', () => {
  it('are the days of a busy period, both ends included; an open end runs on', () => {
    const busy = [
      { from: '2027-03-10', until: '2027-03-12' },
      { from: '2027-04-01', until: null },
    ];
    expect(isBusy('2027-03-09', busy)).toBe(false);
    expect(isBusy('2027-03-10', busy)).toBe(true);
    expect(isBusy('2027-03-12', busy)).toBe(true);
    expect(isBusy('2027-03-13', busy)).toBe(false);
    expect(isBusy('2030-01-01', busy)).toBe(true);
  });
});
