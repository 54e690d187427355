import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_CATEGORIES, LENDING_REQUEST_STATUSES } from '../../contract/enums';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { CookieJar, freePort, signInThroughProvider, step } from '../../../tests/support/oidc-flow';
import { idpAccounts, items, users } from '../db/schema';
import { DEMO_PEOPLE } from './demo-people';
import type { SeedCounts } from './seed-context';
import { builtinIssuerFor, seedDemoData } from './seed-demo-data';

/**
 * The demo community (`npm run seed`), seeded twice into a fresh database
 * behind a real port, so a demo person can sign in through the built-in
 * provider exactly as a browser would.
 */
let t: TestApp;
let baseUrl: string;
let issuer: string;
let firstRun: SeedCounts;
let secondRun: SeedCounts;
let rowsAfterFirst: Record<string, number>;
let rowsAfterSecond: Record<string, number>;

const TABLES = [
  'idp_accounts',
  'users',
  'login_history',
  'contacts',
  'groups',
  'group_members',
  'group_join_requests',
  'items',
  'item_photos',
  'photo_blobs',
  'item_contact_permissions',
  'item_group_permissions',
  'lending_requests',
  'messages',
  'network_requests',
  'network_request_responses',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

async function userNamed(username: string) {
  const [user] = await t.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`${username} was not seeded`);
  return user;
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PORT: String(port), PUBLIC_URL: baseUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  issuer = builtinIssuerFor(t.config.publicUrl);
  firstRun = await seedDemoData(t.database, { issuer });
  rowsAfterFirst = await rowCounts();
  secondRun = await seedDemoData(t.database, { issuer });
  rowsAfterSecond = await rowCounts();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('npm run seed', () => {
  it('creates the community once; a second run creates nothing and changes no count', () => {
    expect(firstRun.people).toBe(DEMO_PEOPLE.length);
    expect(firstRun.items).toBeGreaterThanOrEqual(ITEM_CATEGORIES.length);
    expect(Object.values(secondRun).every((count) => count === 0)).toBe(true);
    expect(rowsAfterSecond).toEqual(rowsAfterFirst);
    expect(rowsAfterFirst).toMatchObject({ idp_accounts: 12, users: 12, groups: 3, network_requests: 2 });
    expect(rowsAfterFirst.group_join_requests).toBe(1);
    expect(rowsAfterFirst.network_request_responses).toBe(3);
  });

  it('has items with photos in every category', async () => {
    const { rows } = await t.database.pool.query<{ category: string }>(
      `SELECT DISTINCT i.category FROM items i JOIN item_photos p ON p.item_id = i.id`,
    );
    expect(rows.map((row) => row.category).sort()).toEqual([...ITEM_CATEGORIES].sort());
  });

  it('has lending requests in every status, each with the messages its steps posted', async () => {
    const { rows: requests } = await t.database.pool.query<{ status: string; systemEvents: string[] }>(
      `SELECT r.status, array(SELECT m.system_event FROM messages m
                              WHERE m.lending_request_id = r.id AND m.system_event IS NOT NULL
                              ORDER BY m.created_at) AS "systemEvents"
         FROM lending_requests r`,
    );
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(LENDING_REQUEST_STATUSES));
    const expected: Record<string, string[]> = {
      pending: ['request_created'],
      accepted: ['request_created', 'request_accepted'],
      declined: ['request_created', 'request_declined'],
      borrowed: ['request_created', 'request_accepted', 'item_borrowed'],
      returned: ['request_created', 'request_accepted', 'item_borrowed', 'item_returned'],
      withdrawn: ['request_created', 'request_withdrawn'],
    };
    for (const request of requests) expect(request.systemEvents).toEqual(expected[request.status]);
    // The item follows the state machine: lent out exactly while a request is borrowed.
    const lentOut = await t.db.select({ id: items.id }).from(items).where(eq(items.status, 'borrowed'));
    expect(lentOut).toHaveLength(requests.filter((r) => r.status === 'borrowed').length);
  });

  it('links every demo person to their account at the built-in provider', async () => {
    for (const person of DEMO_PEOPLE) {
      const [linked] = await t.db
        .select({ username: users.username, name: users.name })
        .from(idpAccounts)
        .innerJoin(users, and(eq(users.subject, sql`${idpAccounts.id}::text`), eq(users.issuer, issuer)))
        .where(eq(idpAccounts.username, person.username));
      expect(linked).toEqual({ username: person.username, name: person.name });
    }
  });

  it('signs a demo person in through the built-in provider as the seeded user, creating nobody', async () => {
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.username, 'lena.meier'));
    const jar = new CookieJar();
    await signInThroughProvider(baseUrl, jar, { pick: account!.id });
    const me = await step(jar, `${baseUrl}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: 'lena.meier', name: 'Lena Meier' });
    expect((await rowCounts()).users).toBe(DEMO_PEOPLE.length);
  });

  it('serves the photos to the owner and to people the item is shared with, and to nobody else', async () => {
    const lena = await userNamed('lena.meier');
    const marco = await userNamed('marco.rossi');
    const claire = await userNamed('claire.martin');
    const drill = await t.request(lena, { method: 'GET', url: '/api/items/my' });
    const item = (drill.json() as { name: string; photos: { url: string }[] }[]).find((i) => i.name.includes('drill'));
    expect(item?.photos).toHaveLength(2);
    const url = item!.photos[0]!.url;

    const asOwner = await t.request(lena, { method: 'GET', url });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toBe('image/webp');
    expect(asOwner.rawPayload.byteLength).toBeGreaterThan(1000);
    expect((await t.request(marco, { method: 'GET', url })).statusCode).toBe(200);
    expect((await t.request(claire, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('shows the network request to the requester’s network and its answers to the requester', async () => {
    const ana = await userNamed('ana.silva');
    const noah = await userNamed('noah.weber');
    const { rows } = await t.database.pool.query<{ receivers: number; answers: string[] }>(
      `SELECT (SELECT count(*)::int FROM messages m WHERE m.network_request_id = r.id AND m.message_type = 'network_request') AS receivers,
              array(SELECT a.response FROM network_request_responses a WHERE a.network_request_id = r.id ORDER BY a.response) AS answers
         FROM network_requests r WHERE r.requester_id = $1`,
      [ana.id],
    );
    expect(rows[0]?.receivers).toBeGreaterThan(3);
    expect(rows[0]?.answers).toEqual(['add_to_items', 'decline', 'have_it']);
    // Noah's quick-added wheelbarrow is shared with Ana, the way the app shares it.
    const available = await t.request(ana, { method: 'GET', url: '/api/items/available?q=Wheelbarrow' });
    expect(available.json()).toMatchObject({ items: [{ name: 'Wheelbarrow', userId: noah.id }] });
  });

  it('moves the demo people to the issuer of another PUBLIC_URL instead of failing or duplicating them', async () => {
    const otherIssuer = builtinIssuerFor(new URL('http://localhost:5173'));
    const moved = await seedDemoData(t.database, { issuer: otherIssuer });
    expect(moved.peopleMoved).toBe(DEMO_PEOPLE.length);
    expect(moved.people).toBe(0);
    const back = await seedDemoData(t.database, { issuer });
    expect(back.peopleMoved).toBe(DEMO_PEOPLE.length);
    // The sign-in above added one login; nothing else changed.
    expect(await rowCounts()).toEqual({ ...rowsAfterFirst, login_history: expect.any(Number) });
  });
});
