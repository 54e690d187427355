import { describe, expect, it } from 'vitest';
import { formatDistanceKm } from './format-distance';

describe('formatDistanceKm', () => {
  it('always shows one decimal', () => {
    expect(formatDistanceKm(2, 'en')).toBe('2.0');
    expect(formatDistanceKm(2.46, 'en')).toBe('2.5');
    expect(formatDistanceKm(0.04, 'en')).toBe('0.0');
  });

  it("uses the language's decimal separator", () => {
    expect(formatDistanceKm(12.3, 'de')).toBe('12,3');
    expect(formatDistanceKm(12.3, 'fr')).toBe('12,3');
    expect(formatDistanceKm(12.3, 'it')).toBe('12,3');
    expect(formatDistanceKm(12.3, 'de-CH')).toBe('12.3');
  });
});
