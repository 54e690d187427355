import type { DbOrTx } from './client';

/**
 * A query built once per database handle (or transaction) and then only
 * executed: Drizzle's `.prepare(name)` with `sql.placeholder`s for the values.
 * Building a query walks its whole tree into SQL text on every call, which
 * cost 0.1–0.3 ms of CPU per request on the hot reads (docs/performance.md,
 * round 3). The statement is named, so PostgreSQL also parses it once per
 * connection (as auto-prepare.ts does for the others).
 */
export function preparedPerHandle<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
