import { describe, expect, it } from 'vitest';
import { createEmbeddedGeocoder, haversineKm } from './embedded-geocoder';

const geocoder = createEmbeddedGeocoder();

describe('embedded reverse geocoder (offline GeoNames towns)', () => {
  it.each([
    [47.3769, 8.5417, 'en', 'Zürich, Switzerland'],
    [47.3769, 8.5417, 'de', 'Zürich, Schweiz'],
    [47.4988, 8.7237, 'fr', 'Winterthur, Suisse'],
    [46.948, 7.4474, 'it', 'Bern, Svizzera'],
    [48.8566, 2.3522, 'en', 'Paris, France'],
  ])('(%f, %f) in %s is %s', async (latitude, longitude, language, expected) => {
    expect(await geocoder.reverse({ latitude, longitude }, language)).toBe(expected);
  });

  it('names nothing in the middle of the Pacific', async () => {
    expect(await geocoder.reverse({ latitude: 0, longitude: -160 }, 'en')).toBeNull();
  });

  it('measures great-circle distances', () => {
    const km = haversineKm({ latitude: 47.3769, longitude: 8.5417 }, { latitude: 46.948, longitude: 7.4474 });
    expect(km).toBeCloseTo(95.49, 1);
  });
});
