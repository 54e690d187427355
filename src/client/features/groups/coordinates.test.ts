import { describe, expect, it } from 'vitest';
import { formatCoordinates } from './coordinates';

describe('formatCoordinates', () => {
  it('rounds to two decimals, latitude first', () => {
    expect(formatCoordinates({ latitude: 47.37689, longitude: 8.54169 })).toBe('47.38, 8.54');
    expect(formatCoordinates({ latitude: -33.8688, longitude: 151.2093 })).toBe('-33.87, 151.21');
  });

  it('pads to two decimals and never writes -0.00', () => {
    expect(formatCoordinates({ latitude: 46.5, longitude: 7 })).toBe('46.50, 7.00');
    expect(formatCoordinates({ latitude: -0.001, longitude: 0.004 })).toBe('0.00, 0.00');
  });
});
