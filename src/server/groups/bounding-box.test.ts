import { describe, expect, it } from 'vitest';
import { boundingBox, EARTH_RADIUS_KM, type BoundingBox, type Position } from './bounding-box';

/**
 * The box Discover tests before the distance (bounding-box.ts) must hold
 * every point the haversine keeps: on the circle itself, near the poles and
 * across the antimeridian too, where it gives up its longitude bound.
 */

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** The haversine of group-query.ts, in JavaScript. */
function distanceKm(a: Position, b: Position): number {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `km` from `start` towards `bearing` (degrees from north), longitude in −180…180. */
function destination(start: Position, bearing: number, km: number): Position {
  const d = km / EARTH_RADIUS_KM;
  const φ1 = rad(start.latitude);
  const θ = rad(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    rad(start.longitude) +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  const longitude = ((deg(λ2) + 540) % 360) - 180;
  return { latitude: deg(φ2), longitude };
}

const inBox = (box: BoundingBox, p: Position) =>
  p.latitude >= box.minLatitude &&
  p.latitude <= box.maxLatitude &&
  p.longitude >= box.minLongitude &&
  p.longitude <= box.maxLongitude;

const everyLongitude = { minLongitude: -180, maxLongitude: 180 };

describe('boundingBox', () => {
  it('is tight around an ordinary point: about ±0.09° of latitude and ±0.13° of longitude for 10 km at Zürich', () => {
    const box = boundingBox({ latitude: 47.3769, longitude: 8.5417 }, 10);
    expect(box.minLatitude).toBeCloseTo(47.3769 - 0.08993, 4);
    expect(box.maxLatitude).toBeCloseTo(47.3769 + 0.08993, 4);
    expect(box.minLongitude).toBeCloseTo(8.5417 - 0.1328, 3);
    expect(box.maxLongitude).toBeCloseTo(8.5417 + 0.1328, 3);
  });

  it.each([
    ['Zürich', { latitude: 47.3769, longitude: 8.5417 }],
    ['the equator', { latitude: 0, longitude: 0 }],
    ['Tromsø', { latitude: 69.6492, longitude: 18.9553 }],
    ['far north, below the reach of the pole', { latitude: 89.4, longitude: -45 }],
    ['Ushuaia', { latitude: -54.8019, longitude: -68.303 }],
    ['near the antimeridian, east', { latitude: -17.7134, longitude: 179.4 }],
    ['near the antimeridian, west', { latitude: 65.0, longitude: -179.5 }],
  ])('holds every point of the circle and inside it around %s', (_name, center) => {
    for (const radius of [5, 10, 25, 50]) {
      const box = boundingBox(center, radius);
      for (let bearing = 0; bearing < 360; bearing += 0.5) {
        for (const km of [radius, radius * 0.999, radius / 2]) {
          const point = destination(center, bearing, km);
          expect(distanceKm(center, point)).toBeLessThanOrEqual(radius + 1e-9);
          expect(inBox(box, point), `${radius} km, bearing ${bearing}, ${km} km: ${JSON.stringify(point)}`).toBe(true);
        }
      }
    }
  });

  it('leaves out a point just beyond the radius due north, south, east and west', () => {
    const center = { latitude: 46.948, longitude: 7.4474 };
    const box = boundingBox(center, 10);
    for (const bearing of [0, 90, 180, 270]) expect(inBox(box, destination(center, bearing, 10.01))).toBe(false);
  });

  it('spans every meridian when the circle reaches a pole, and stops at ±90°', () => {
    expect(boundingBox({ latitude: 89.8, longitude: 10 }, 50)).toEqual({
      minLatitude: expect.closeTo(89.8 - 0.4497, 3),
      maxLatitude: 90,
      ...everyLongitude,
    });
    expect(boundingBox({ latitude: -89.9, longitude: -120 }, 25)).toEqual({
      minLatitude: -90,
      maxLatitude: expect.closeTo(-89.9 + 0.2248, 3),
      ...everyLongitude,
    });
    expect(boundingBox({ latitude: 90, longitude: 0 }, 5)).toMatchObject({ maxLatitude: 90, ...everyLongitude });
  });

  it('drops the longitude bound when the range would cross the antimeridian, and only then', () => {
    expect(boundingBox({ latitude: -17.7134, longitude: 179.9 }, 25)).toMatchObject(everyLongitude);
    expect(boundingBox({ latitude: 52, longitude: -179.99 }, 5)).toMatchObject(everyLongitude);
    const inside = boundingBox({ latitude: -17.7134, longitude: 179.5 }, 25);
    expect(inside.maxLongitude).toBeLessThan(180);
    expect(inside.minLongitude).toBeGreaterThan(179);
  });
});
