import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AutoPreparingClient } from './auto-prepare';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: use cases accept either. */
/** A transaction's handle, for writes that must not run outside one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  url: string;
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A request waits at most this long for a connection (database away, pool exhausted): then 503, not a hang. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function connectDatabase(
  url: string,
  options: { max?: number; onConnectionLost?: (error: Error) => void } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    Client: AutoPreparingClient,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notice a silently dead link (no FIN from a vanished server) within a minute, not hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const onLost = options.onConnectionLost ?? (() => undefined);
  // An idle client's error (e.g. the server restarting) must not crash the process
  // (the client's own listener below reports it).
  pool.on('error', () => undefined);
  // Nor may a checked-out one's: pg-pool listens to its clients only while they
  // are idle, and a connection lost between the statements of a transaction
  // (pg_terminate_backend, the server dying) emits 'error' with nobody
  // listening, which ends the process. The statement in flight, or the next
  // one, still fails (the request answers 503), and pg-pool discards a client
  // that is no longer queryable when it is released.
  pool.on('connect', (client) => client.on('error', onLost));
  releaseAbandonedClients(pool);
  const db = drizzle(pool, { schema });
  return { url, db, pool, close: () => pool.end() };
}

/** How long a checked-out client may stay unreleased after its connection was lost. */
export const ABANDONED_CLIENT_MS = 2_000;

/**
 * Drizzle's `transaction()` sends BEGIN before its try/finally: when BEGIN
 * fails (the connection was lost just as the client was handed out) the
 * client is never released, and the pool is one connection smaller for good;
 * `pool.end()` then waits for it forever. The fault suite met this after a
 * few kills of the postmaster. Every statement on a lost connection fails at
 * once, so a user that still holds such a client seconds later has dropped
 * it: the pool takes it back (discarding it).
 */
function releaseAbandonedClients(pool: pg.Pool): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      const timer = setTimeout(() => {
        if (!checkedOut.has(client)) return;
        checkedOut.delete(client);
        client.release(error);
      }, ABANDONED_CLIENT_MS);
      timer.unref();
    });
  });
}
