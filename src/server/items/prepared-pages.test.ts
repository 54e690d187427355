import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { selectSharedItemsPage } from './item-query';
import { parseSearch } from './search-terms';
import { selectSearchPage } from './search-visible-items';

/*
 * The hot pages run as statements prepared once (db/prepared.ts); any
 * filter sends the same query built per call. `where: true` forces the
 * built one, so each prepared statement is compared with its twin page by
 * page: same items, same order, same ranks, same end.
 */

let database: TestDatabase;
let viewer: { id: string };
const ALWAYS = sql`true`;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  viewer = await createUser(db, { name: 'Viewer' });
  const friend = await createUser(db, { name: 'Friend' });
  const neighbour = await createUser(db, { name: 'Neighbour' });
  await createContact(db, friend, { contactUserId: viewer.id });
  const street = await createGroup(db, neighbour, { name: 'Street' });
  await addMember(db, street, viewer);
  const sameMoment = new Date(Date.UTC(2026, 10, 20, 12));
  for (let i = 0; i < 14; i++) {
    // Ties on created_at, so the id breaks them; names a typo search and a plain one both find.
    const createdAt = i % 3 === 0 ? sameMoment : new Date(Date.UTC(2026, 10, 1 + i));
    const mine = await createItem(db, friend, { name: `Bohrmaschine ${i}`, createdAt });
    await shareWithUser(db, mine, viewer);
    const theirs = await createItem(db, neighbour, {
      name: i % 2 === 0 ? `Bohrmaschine Profi ${i}` : `Leiter ${i}`,
      description: 'Bohrmaschine im Keller',
      createdAt,
    });
    await shareWithGroup(db, theirs, street);
  }
});
afterAll(() => database.destroy());

describe('prepared pages against their built twins', () => {
  it('Available Items: every page the same, first and next', async () => {
    const read = async (where?: typeof ALWAYS) => {
      const pages: string[][] = [];
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await selectSharedItemsPage(database.db, viewer.id, { where, after, take: 4 });
        pages.push(rows.map((row) => row.item.id));
        const last = rows.at(-1);
        if (rows.length < 4 || !last) return pages;
        after = { createdAt: last.createdAtExact, id: last.item.id };
      }
    };
    const prepared = await read();
    expect(prepared.flat()).toHaveLength(28);
    expect(prepared).toEqual(await read(ALWAYS));
  });

  for (const text of ['Bohrmaschine', 'Bohrmashine', 'Leiter']) {
    it(`search "${text}": every page the same, with the same ranks`, async () => {
      const terms = parseSearch(text);
      if (!terms) throw new Error('no words');
      const read = async (where?: typeof ALWAYS) => {
        const pages: [string, number][][] = [];
        let after: { rank: number; createdAt: string; id: string } | undefined;
        for (;;) {
          const rows = await selectSearchPage(database.db, viewer.id, { terms, where, after, take: 3 });
          pages.push(rows.map((row) => [row.item.id, row.searchRank]));
          const last = rows.at(-1);
          if (rows.length < 3 || !last) return pages;
          after = { rank: last.searchRank, createdAt: last.createdAtExact, id: last.item.id };
        }
      };
      const prepared = await read();
      expect(prepared.flat().length).toBeGreaterThan(3);
      expect(prepared).toEqual(await read(ALWAYS));
    });
  }

  it('a typo word goes through the typo statements (the comparison above covers them)', () => {
    expect(parseSearch('Bohrmashine')?.typoWord).toBe('bohrmashine');
    expect(parseSearch('Leiter')?.typoWord).toBeNull();
  });
});
