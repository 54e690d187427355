import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { createGroup } from '../../../tests/support/group-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ZURICH = { latitude: 47.3769, longitude: 8.5417 };
const WINTERTHUR = { latitude: 47.4988, longitude: 8.7237 }; // 19.26 km from Zürich
const BERN = { latitude: 46.948, longitude: 7.4474 }; // 95.49 km from Zürich

const names = (body: { name: string }[]) => body.map((g) => g.name);

describe('GET /api/groups/discover', () => {
  let viewer: { id: string };
  beforeAll(async () => {
    viewer = await createUser(t.db);
    const admin = await createUser(t.db);
    await createGroup(t.db, admin, { name: 'Zürich club', ...ZURICH, createdAt: new Date('2026-01-01') });
    await createGroup(t.db, admin, { name: 'Winterthur club', ...WINTERTHUR, createdAt: new Date('2026-02-01') });
    await createGroup(t.db, admin, { name: 'Bern club', ...BERN, createdAt: new Date('2026-03-01') });
    await createGroup(t.db, admin, {
      name: 'Secret Zürich',
      ...ZURICH,
      isPrivate: true,
      createdAt: new Date('2026-04-01'),
    });
    await createGroup(t.db, admin, { name: 'Nowhere club', createdAt: new Date('2026-05-01') });
  });

  const discover = (query: string) => t.request(viewer, { method: 'GET', url: `/api/groups/discover${query}` });

  it('without a position lists the newest public groups, never a private one', async () => {
    const body = (await discover('')).json();
    expect(names(body)).toEqual(['Nowhere club', 'Bern club', 'Winterthur club', 'Zürich club']);
    expect(body[0]).not.toHaveProperty('distance');
  });

  it('with a position lists public groups within the radius, nearest first, distance in km with one decimal', async () => {
    const body = (await discover(`?latitude=${ZURICH.latitude}&longitude=${ZURICH.longitude}&radius=20`)).json();
    expect(body.map((g: { name: string; distance: number }) => [g.name, g.distance])).toEqual([
      ['Zürich club', 0],
      ['Winterthur club', 19.3],
    ]);
    const narrow = (await discover(`?latitude=${ZURICH.latitude}&longitude=${ZURICH.longitude}&radius=15`)).json();
    expect(names(narrow)).toEqual(['Zürich club']);
    const fromBern = (await discover(`?latitude=${BERN.latitude}&longitude=${BERN.longitude}&radius=50`)).json();
    expect(names(fromBern)).toEqual(['Bern club']);
  });

  it('defaults the radius to 10 km and refuses one outside 5–50 or half a position', async () => {
    const body = (await discover(`?latitude=${WINTERTHUR.latitude}&longitude=${WINTERTHUR.longitude}`)).json();
    expect(names(body)).toEqual(['Winterthur club']);
    expect((await discover(`?latitude=47&longitude=8&radius=51`)).statusCode).toBe(400);
    expect((await discover(`?latitude=47&longitude=8&radius=4`)).statusCode).toBe(400);
    expect((await discover(`?latitude=47`)).statusCode).toBe(400);
    expect((await discover(`?latitude=91&longitude=8`)).statusCode).toBe(400);
  });

  it('runs the same number of queries for 5 groups as for 35 (no N+1)', async () => {
    const cookie = await t.cookieFor(viewer.id);
    const list = () => t.app.inject({ method: 'GET', url: '/api/groups/discover', headers: { cookie } });
    await list();
    const count = async () => {
      const before = t.database.queryCount();
      await list();
      return t.database.queryCount() - before;
    };
    const few = await count();
    const admin = await createUser(t.db);
    for (let i = 0; i < 30; i++) await createGroup(t.db, admin, { name: `Bulk ${i}` });
    expect(await count()).toBe(few);
  });
});

describe('GET /api/groups/search', () => {
  it('needs 3 characters and matches name, description or the exact code, public groups only', async () => {
    const viewer = await createUser(t.db);
    const admin = await createUser(t.db);
    const garden = await createGroup(t.db, admin, { name: 'Garden friends', description: 'Tools for 100% of us' });
    await createGroup(t.db, admin, { name: 'Book lovers', description: 'We share garden books' });
    const secret = await createGroup(t.db, admin, { name: 'Secret garden', isPrivate: true });
    const search = (q: string) =>
      t.request(viewer, { method: 'GET', url: `/api/groups/search?q=${encodeURIComponent(q)}` });

    const short = await search('ga');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.issues[0].messageKey).toBe('validation.searchTooShort');
    expect(names((await search('GARDEN')).json())).toEqual(['Book lovers', 'Garden friends']);
    expect(names((await search(garden.groupCode)).json())).toEqual(['Garden friends']);
    expect(names((await search(secret.groupCode)).json())).toEqual([]);
    // % is a character to look for, not a wildcard.
    expect(names((await search('0% o')).json())).toEqual(['Garden friends']);
    expect(names((await search('x%y')).json())).toEqual([]);
  });
});
