import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';
import { lendingRequests } from './schema';
import { tableRow } from './table-row';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('tableRow', () => {
  it('maps a raw row as drizzle maps its own select: dates, times, nulls', async () => {
    const owner = await createUser(database.db);
    const requester = await createUser(database.db);
    const item = await createItem(database.db, owner);
    const request = await createLendingRequest(database.db, item, requester, {
      status: 'borrowed',
      lentOn: '2030-02-03',
      respondedAt: new Date('2030-02-01T10:11:12.345Z'),
    });
    const [selected] = await database.db.select().from(lendingRequests).where(eq(lendingRequests.id, request.id));
    const { rows } = await database.db.execute<Record<string, unknown>>(
      sql`SELECT * FROM ${lendingRequests} WHERE id = ${request.id}`,
    );
    const mapped = tableRow(lendingRequests, rows[0]!);
    expect(mapped).toEqual(selected);
    expect(mapped.respondedAt).toBeInstanceOf(Date);
    expect(mapped.returnedOn).toBeNull();
  });

  it('refuses a row that lacks a column of the table', () => {
    expect(() => tableRow(lendingRequests, { id: 'x' })).toThrow(/lacks the column/);
  });
});
