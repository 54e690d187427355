import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { createGroup } from '../../../tests/support/group-factories';
import { EARTH_RADIUS_KM, type Position } from './bounding-box';

/**
 * Discover with a position tests a bounding box before the distance
 * (bounding-box.ts, list-groups.ts). The box must not change the answer:
 * a group just inside the radius is listed whichever side it lies on, one
 * just outside is not, and near a pole or across the antimeridian, where
 * the box keeps no longitude bound, the distance alone decides.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** The point `km` from `start` towards `bearing` (degrees from north) on the haversine's sphere. */
function destination(start: Position, bearing: number, km: number): Position {
  const d = km / EARTH_RADIUS_KM;
  const φ1 = rad(start.latitude);
  const θ = rad(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 =
    rad(start.longitude) +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: deg(φ2), longitude: ((deg(λ2) + 540) % 360) - 180 };
}

let viewer: { id: string };
let admin: { id: string };
beforeAll(async () => {
  viewer = await createUser(t.db);
  admin = await createUser(t.db);
});

async function discover(at: Position, radius: number): Promise<[string, number][]> {
  const response = await t.request(viewer, {
    method: 'GET',
    url: `/api/groups/discover?latitude=${at.latitude}&longitude=${at.longitude}&radius=${radius}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ name: string; distance: number }[]>().map((g) => [g.name, g.distance]);
}

describe('GET /api/groups/discover near a position', () => {
  it('lists a group 9.9 km away on every side and leaves out one 10.1 km away, at 10 km', async () => {
    const thun = { latitude: 46.758, longitude: 7.628 };
    const sides = [
      ['north', 0],
      ['east', 90],
      ['south', 180],
      ['west', 270],
      ['north-east', 45],
    ] as const;
    for (const [side, bearing] of sides) {
      await createGroup(t.db, admin, { name: `Thun ${side} inside`, ...destination(thun, bearing, 9.9) });
      await createGroup(t.db, admin, { name: `Thun ${side} outside`, ...destination(thun, bearing, 10.1) });
    }
    const found = await discover(thun, 10);
    expect(found.map(([name]) => name).sort()).toEqual(sides.map(([side]) => `Thun ${side} inside`).sort());
    expect(found.every(([, km]) => km === 9.9)).toBe(true);
    expect((await discover(thun, 15)).map(([name]) => name)).toHaveLength(10);
  });

  it('finds groups on the far side of the North Pole, and none beyond the radius there', async () => {
    const north = { latitude: 89.95, longitude: 20 };
    // Across the pole: the same latitude, the opposite meridian, about 11.1 km away.
    await createGroup(t.db, admin, { name: 'Pole far side', latitude: 89.95, longitude: -160 });
    await createGroup(t.db, admin, { name: 'Pole quarter', latitude: 89.95, longitude: 110 });
    await createGroup(t.db, admin, { name: 'Pole too far', latitude: 89.7, longitude: -160 });
    expect(await discover(north, 15)).toEqual([
      ['Pole quarter', 7.9],
      ['Pole far side', 11.1],
    ]);
    expect((await discover(north, 10)).map(([name]) => name)).toEqual(['Pole quarter']);
  });

  it('finds groups near the South Pole whatever their longitude', async () => {
    await createGroup(t.db, admin, { name: 'South far side', latitude: -89.9, longitude: 0 });
    expect(await discover({ latitude: -89.9, longitude: 180 }, 25)).toEqual([['South far side', 22.2]]);
  });

  it('finds groups across the antimeridian, both ways, nearest first', async () => {
    const fijiEast = { latitude: -16.5, longitude: 179.98 };
    await createGroup(t.db, admin, { name: 'Taveuni west', latitude: -16.5, longitude: -179.99 });
    await createGroup(t.db, admin, { name: 'Taveuni far west', latitude: -16.5, longitude: -179.8 });
    await createGroup(t.db, admin, { name: 'Vanua Levu', latitude: -16.5, longitude: 179.9 });
    await createGroup(t.db, admin, { name: 'Samoa', latitude: -13.8, longitude: -172 });
    expect(await discover(fijiEast, 25)).toEqual([
      ['Taveuni west', 3.2],
      ['Vanua Levu', 8.5],
      ['Taveuni far west', 23.5],
    ]);
    expect((await discover({ latitude: -16.5, longitude: -179.95 }, 5)).map(([name]) => name)).toEqual([
      'Taveuni west',
    ]);
  });
});
