import { describe, expect, it } from 'vitest';
import { localIsoDate, parseIsoDate } from './local-date';

describe('localIsoDate', () => {
  it.each([
    [new Date(2026, 0, 5, 0, 0), '2026-01-05'],
    [new Date(2026, 11, 31, 23, 59), '2026-12-31'],
    [new Date(2026, 2, 10, 9, 30), '2026-03-10'],
  ])('%s → %s', (date, expected) => {
    expect(localIsoDate(date)).toBe(expected);
  });
});

describe('parseIsoDate', () => {
  it('reads the date as local midnight', () => {
    const date = parseIsoDate('2026-03-10');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 2, 10, 0]);
    expect(localIsoDate(date)).toBe('2026-03-10');
  });

  it('gives an invalid date for anything else', () => {
    expect(Number.isNaN(parseIsoDate('10.03.2026').getTime())).toBe(true);
  });
});
