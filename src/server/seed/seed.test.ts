import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_CATEGORIES, LENDING_REQUEST_STATUSES } from '../../contract/enums';
import type { ContactLoanHistory } from '../../contract/schemas/loan-history';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { CookieJar, freePort, signInThroughProvider, step } from '../../../tests/support/oidc-flow';
import { contacts, idpAccounts, items, users } from '../db/schema';
import { createPostgresPhotoStore, type PhotoStore } from '../photos/photo-store';
import { DEMO_RECORDED_LOANS } from './demo-activity';
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
let photoStore: PhotoStore;
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
  photoStore = createPostgresPhotoStore(t.db);
  firstRun = await seedDemoData(t.database, { issuer, photoStore });
  rowsAfterFirst = await rowCounts();
  secondRun = await seedDemoData(t.database, { issuer, photoStore });
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

  it('has lending requests and recorded loans in every status, each with the system messages the app posted', async () => {
    const { rows: loans } = await t.database.pool.query<{ key: string; status: string; systemEvents: string[] }>(
      `SELECT r.origin || ':' || r.status || CASE WHEN r.origin = 'recorded' AND r.requester_id IS NULL
                                                  THEN ':name' ELSE '' END AS key,
              r.status,
              array(SELECT m.system_event FROM messages m
                     WHERE m.lending_request_id = r.id AND m.system_event IS NOT NULL
                     ORDER BY m.created_at) AS "systemEvents"
         FROM lending_requests r`,
    );
    // A released reservation is the reminder job's doing after days (issue 35), which the seed does not run.
    expect(new Set(loans.map((r) => r.status))).toEqual(
      new Set(LENDING_REQUEST_STATUSES.filter((status) => status !== 'released')),
    );
    const expected: Record<string, string[]> = {
      'request:pending': ['request_created'],
      'request:accepted': ['request_created', 'request_accepted'],
      'request:declined': ['request_created', 'request_declined'],
      'request:borrowed': ['request_created', 'request_accepted', 'item_borrowed'],
      'request:returned': ['request_created', 'request_accepted', 'item_borrowed', 'item_returned'],
      'request:withdrawn': ['request_created', 'request_withdrawn'],
      // A registered borrower is told once, when the loan is written down, whether it is out or already back.
      'recorded:borrowed': ['loan_recorded'],
      'recorded:returned': ['loan_recorded'],
      'recorded:disputed': ['loan_recorded', 'loan_disputed'],
      // Someone without an account: the owner's record only, nobody to tell.
      'recorded:borrowed:name': [],
    };
    expect(new Set(loans.map((r) => r.key))).toEqual(new Set(Object.keys(expected)));
    for (const loan of loans) expect({ [loan.key]: loan.systemEvents }).toEqual({ [loan.key]: expected[loan.key] });
    expect(firstRun.recordedLoans).toBe(DEMO_RECORDED_LOANS.length);
    expect(firstRun.loanDisputes).toBe(1);
    // The item follows its loans: lent out exactly while a request or a recorded loan is borrowed.
    const lentOut = await t.db.select({ id: items.id }).from(items).where(eq(items.status, 'borrowed'));
    expect(lentOut).toHaveLength(loans.filter((r) => r.status === 'borrowed').length);
  });

  it('dates recorded loans and their messages in the past, and shows them on the borrower’s side of the history', async () => {
    const { rows } = await t.database.pool.query<{ inPast: boolean }>(
      `SELECT bool_and(r.lent_on <= current_date AND r.requested_at < now() - interval '1 day'
                       AND (r.returned_on IS NULL OR r.returned_on <= current_date)
                       AND NOT EXISTS (SELECT 1 FROM messages m
                                        WHERE m.lending_request_id = r.id AND m.created_at > now() - interval '1 day'))
                AS "inPast"
         FROM lending_requests r WHERE r.origin = 'recorded'`,
    );
    expect(rows[0]?.inPast).toBe(true);

    const lena = await userNamed('lena.meier');
    const sophie = await userNamed('sophie.dubois');
    const [entry] = await t.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, lena.id), eq(contacts.contactUserId, sophie.id)));
    const history = await t.request(lena, { method: 'GET', url: `/api/contacts/${entry!.id}/loans` });
    expect(history.statusCode).toBe(200);
    const { loans } = history.json() as ContactLoanHistory;
    expect(loans.find((loan) => loan.itemName === 'Folding chairs (set of 6)')).toMatchObject({
      role: 'borrowed',
      origin: 'recorded',
      status: 'returned',
      returnedLate: false,
      // The owner's note is the owner's own.
      note: null,
    });
  });

  it('completes a run that stopped between recording a loan and its dispute', async () => {
    // The state right after recordLoan: the loan out with Marco, the item lent out, no dispute told yet.
    const { rows } = await t.database.pool.query<{ id: string; itemId: string }>(
      `SELECT id, item_id AS "itemId" FROM lending_requests WHERE status = 'disputed'`,
    );
    expect(rows).toHaveLength(1);
    const [{ id, itemId }] = rows as [{ id: string; itemId: string }];
    await t.database.pool.query(`UPDATE lending_requests SET status = 'borrowed' WHERE id = $1`, [id]);
    await t.database.pool.query(`UPDATE items SET status = 'borrowed' WHERE id = $1`, [itemId]);
    await t.database.pool.query(
      `DELETE FROM messages WHERE lending_request_id = $1 AND system_event = 'loan_disputed'`,
      [id],
    );

    const resumed = await seedDemoData(t.database, { issuer, photoStore });
    expect(resumed).toMatchObject({ recordedLoans: 0, loanDisputes: 1, messages: 1 });
    const [item] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, itemId));
    expect(item?.status).toBe('available');
    expect(await rowCounts()).toEqual(rowsAfterFirst);
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
    const moved = await seedDemoData(t.database, { issuer: otherIssuer, photoStore });
    expect(moved.peopleMoved).toBe(DEMO_PEOPLE.length);
    expect(moved.people).toBe(0);
    const back = await seedDemoData(t.database, { issuer, photoStore });
    expect(back.peopleMoved).toBe(DEMO_PEOPLE.length);
    // The sign-in above added one login; nothing else changed.
    expect(await rowCounts()).toEqual({ ...rowsAfterFirst, login_history: expect.any(Number) });
  });
});
