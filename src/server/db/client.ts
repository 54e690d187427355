import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AutoPreparingClient } from './auto-prepare';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: use cases accept either. */
export type DbOrTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  url: string;
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, Client: AutoPreparingClient });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { url, db, pool, close: () => pool.end() };
}
