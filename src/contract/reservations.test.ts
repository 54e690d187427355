import { describe, expect, it } from 'vitest';
import { nearestFreePeriod, periodLength, periodsOverlap } from './reservations';

describe('periods', () => {
  it('overlap when they share a day; adjacent periods do not; an open end runs on', () => {
    expect(
      periodsOverlap({ from: '2027-01-01', until: '2027-01-05' }, { from: '2027-01-05', until: '2027-01-06' }),
    ).toBe(true);
    expect(
      periodsOverlap({ from: '2027-01-01', until: '2027-01-05' }, { from: '2027-01-06', until: '2027-01-06' }),
    ).toBe(false);
    expect(periodsOverlap({ from: '2027-01-01', until: null }, { from: '2030-06-01', until: '2030-06-02' })).toBe(true);
    expect(periodsOverlap({ from: '2027-01-10', until: null }, { from: '2027-01-01', until: '2027-01-09' })).toBe(
      false,
    );
  });

  it('count both ends, across a month and a leap day', () => {
    expect(periodLength({ from: '2027-01-01', until: '2027-01-01' })).toBe(1);
    expect(periodLength({ from: '2028-02-27', until: '2028-03-01' })).toBe(4);
  });
});

describe('nearestFreePeriod', () => {
  const busy = [
    { from: '2027-03-10', until: '2027-03-15' },
    { from: '2027-03-20', until: '2027-03-25' },
  ];
  const bounds = ['2027-03-01', '2028-03-01'] as const;

  it('keeps the wanted period when it is free', () => {
    const wanted = { from: '2027-03-16', until: '2027-03-19' };
    expect(nearestFreePeriod(busy, wanted, ...bounds)).toEqual(wanted);
  });

  it('moves the same length to the nearest free start, before or after', () => {
    // Four days wanted from the 12th: the gap 16–19 is 4 days, 4 days away; before the 10th is 6–9, 6 away.
    expect(nearestFreePeriod(busy, { from: '2027-03-12', until: '2027-03-15' }, ...bounds)).toEqual({
      from: '2027-03-16',
      until: '2027-03-19',
    });
    // Five days do not fit the gap: before the first (5–9, 6 days back) beats after the second (26–30, 15 on).
    expect(nearestFreePeriod(busy, { from: '2027-03-11', until: '2027-03-15' }, ...bounds)).toEqual({
      from: '2027-03-05',
      until: '2027-03-09',
    });
  });

  it('prefers the later period on a tie, and never starts before the earliest day or after the latest', () => {
    const one = [{ from: '2027-03-10', until: '2027-03-10' }];
    expect(nearestFreePeriod(one, { from: '2027-03-10', until: '2027-03-10' }, ...bounds)).toEqual({
      from: '2027-03-11',
      until: '2027-03-11',
    });
    expect(nearestFreePeriod(busy, { from: '2027-03-11', until: '2027-03-15' }, '2027-03-08', bounds[1])).toEqual({
      from: '2027-03-26',
      until: '2027-03-30',
    });
    expect(
      nearestFreePeriod([{ from: '2027-03-01', until: null }], { from: '2027-03-05', until: '2027-03-06' }, ...bounds),
    ).toBeNull();
  });
});
