import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { connectDatabase, type DatabaseHandle } from './client';
import { liveDataDirOwner } from './data-dir-lock';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

/** The database main.ts creates in the embedded cluster (it is not exported from there: main.ts runs on import). */
const EMBEDDED_DATABASE = 'lendloop';

export interface RunningDatabase {
  handle: DatabaseHandle;
  /** Where the command works, for its summary (never with the password). */
  description: string;
  /** Closes the connections, and stops the embedded PostgreSQL if the command started it. */
  close(): Promise<void>;
}

/**
 * "The running database", found the way the server finds it:
 *
 * 1. DATABASE_URL when set.
 * 2. Otherwise the embedded PostgreSQL in DATA_DIR. When a server runs on
 *    that folder, its PostgreSQL holds `postgres/postmaster.pid`, whose
 *    fourth line is the port it listens on (PostgreSQL's own lock file);
 *    the password is DATA_DIR/postgres-password. The command connects to it
 *    alongside the server.
 * 3. When nothing runs there, the command starts the embedded PostgreSQL on the
 *    folder itself (creating it on first use, exactly as `npm start` would)
 *    and stops it when done, holding the folder's lock meanwhile: a server
 *    started then is refused, says so, and can be started again afterwards.
 */
export async function openRunningDatabase(
  config: AppConfig,
  logger: Logger,
  /** The command, for the data folder's lock and the summary: `seed`, `photos:move`. */
  command: string,
): Promise<RunningDatabase> {
  if (config.databaseUrl) {
    const handle = connectDatabase(config.databaseUrl);
    return { handle, description: `DATABASE_URL (${hostOf(config.databaseUrl)})`, close: () => handle.close() };
  }

  const running = await findRunningEmbedded(config.dataDir);
  if (running) {
    const handle = connectDatabase(await ensureEmbeddedDatabase(running.urlFor));
    return {
      handle,
      description: `the running embedded PostgreSQL of ${config.dataDir} (port ${running.port})`,
      close: () => handle.close(),
    };
  }

  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger, role: command });
  let handle: DatabaseHandle | undefined;
  try {
    handle = connectDatabase(await ensureEmbeddedDatabase(embedded.urlFor));
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  const opened = handle;
  return {
    handle: opened,
    description: `the embedded PostgreSQL of ${config.dataDir} (started for ${command}, stopped again)`,
    close: async () => {
      await opened.close().catch(() => undefined);
      await embedded.stop();
    },
  };
}

interface RunningCluster {
  port: number;
  urlFor: RunningPostgres['urlFor'];
}

/** The embedded cluster that currently runs on `dataDir`, if one answers on the port its lock file names. */
export async function findRunningEmbedded(dataDir: string): Promise<RunningCluster | undefined> {
  // Only a live owner's PostgreSQL: one left running by a server that is gone
  // is stopped and replaced when the command (or the next server) starts it.
  if (!liveDataDirOwner(dataDir)) return undefined;
  let lockFile: string;
  let password: string;
  try {
    lockFile = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  } catch {
    return undefined;
  }
  const port = Number(lockFile.split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  // A lock file left by a crash names a port nobody answers on; PostgreSQL
  // itself clears such a stale file when it next starts.
  const probe = new pg.Client({ connectionString: urlFor('postgres'), connectionTimeoutMillis: 3000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return { port, urlFor };
  } catch {
    return undefined;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** The cluster starts with only `postgres`; the server creates its database on first start, and so does a command (seed, photos:move). */
async function ensureEmbeddedDatabase(urlFor: RunningPostgres['urlFor']): Promise<string> {
  const admin = connectDatabase(urlFor('postgres'), { max: 1 });
  try {
    const { rows } = await admin.pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (rows.length === 0) {
      await admin.pool.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`).catch((error: unknown) => {
        // The server created it at the same moment: fine.
        if ((error as { code?: string }).code !== '42P04') throw error;
      });
    }
  } finally {
    await admin.close();
  }
  return urlFor(EMBEDDED_DATABASE);
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'unparsable URL';
  }
}
