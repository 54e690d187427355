import { describe, expect, it } from 'vitest';
import { dateInZone, isKnownTimeZone, zonedHourToInstant } from './zoned-time';

describe('zoned time', () => {
  it('finds 9 o’clock in Zurich in winter (UTC+1) and summer (UTC+2)', () => {
    expect(zonedHourToInstant('2026-01-15', 9, 'Europe/Zurich').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedHourToInstant('2026-07-15', 9, 'Europe/Zurich').toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('is right on the days the clocks change', () => {
    // Summer time starts 2026-03-29 at 02:00 and ends 2026-10-25 at 03:00 in Zurich.
    expect(zonedHourToInstant('2026-03-29', 9, 'Europe/Zurich').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zonedHourToInstant('2026-10-25', 9, 'Europe/Zurich').toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(zonedHourToInstant('2026-03-08', 9, 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it('tells the local calendar date, which can differ from UTC’s', () => {
    expect(dateInZone(new Date('2026-05-31T23:30:00Z'), 'Europe/Zurich')).toBe('2026-06-01');
    expect(dateInZone(new Date('2026-06-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-05-31');
  });

  it('knows which zones exist', () => {
    expect(isKnownTimeZone('Europe/Zurich')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
