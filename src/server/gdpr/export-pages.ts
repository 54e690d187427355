import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

/**
 * Where the previous page ended. `at` is PostgreSQL's own text of the
 * timestamp: a JavaScript Date keeps milliseconds only, and a cursor rounded
 * to them would skip or repeat rows that share the millisecond.
 */
export interface PageCursor {
  at: string;
  id: string;
}

/** The column pair a keyset page is ordered by, and the cursor text to select with each row. */
export function keyset(timeColumn: AnyPgColumn, idColumn: AnyPgColumn) {
  return {
    /** Select this as `cursorAt` with each row. */
    cursorAt: sql<string>`${timeColumn}::text`,
    after: (cursor: PageCursor | null): SQL =>
      cursor ? sql`(${timeColumn}, ${idColumn}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`TRUE`,
    orderBy: [timeColumn, idColumn] as const,
  };
}

/**
 * Reads a table `size` rows at a time (keyset pagination): memory holds one
 * page, whatever the number of rows, and each page costs one indexed query.
 */
export async function* pages<T extends { cursorAt: string; id: string }>(
  size: number,
  load: (after: PageCursor | null, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: PageCursor | null = null;
  for (;;) {
    const rows = await load(after, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { at: last.cursorAt, id: last.id };
  }
}

/**
 * A JSON array written page by page: one chunk per page (or per element when
 * `present` returns chunks itself, as photos do), never the whole array.
 */
export async function* jsonArray<T>(
  source: AsyncIterable<T[]>,
  present: (rows: T[]) => Promise<unknown[]> | unknown[],
): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const rows of source) {
    const values = await present(rows);
    if (values.length === 0) continue;
    yield (first ? '' : ',') + values.map((value) => JSON.stringify(value)).join(',');
    first = false;
  }
  yield ']';
}

export const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export const other = alias(users, 'other');

/** How another person appears: what the app already shows about them (docs/decisions/0015). */
export const person = (table: typeof users | typeof other) => ({
  id: table.id,
  name: table.name,
  username: table.username,
  deleted: sql<boolean>`${table.deletedAt} IS NOT NULL`,
});
