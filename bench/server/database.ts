import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connectDatabase, type DatabaseHandle } from '@/server/db/client';
import { startEmbeddedPostgres, type RunningPostgres } from '@/server/db/embedded-postgres';
import { runMigrations } from '@/server/db/migrate';
import { LOG_LINE_PREFIX } from './explain-log';
import { PostgresLog } from './explain';

const BENCH_DATABASE = 'lendloop_bench';

export interface BenchDatabase {
  /** Where the embedded cluster and the server's DATA_DIR live; removed by stop(). */
  dataDir: string;
  url: string;
  handle: DatabaseHandle;
  postgresVersion: string;
  /** The cluster's `shared_buffers` as it runs (the app's default, or --postgres's). */
  sharedBuffers: string;
  /** With --explain: the cluster's log, where auto_explain writes its plans. */
  log?: PostgresLog;
  stop(): Promise<void>;
}

/**
 * The benchmark's own PostgreSQL: the embedded one the app ships, in a fresh
 * temporary folder (never the user's ./data), migrated by the app's runner.
 */
export async function startBenchDatabase(
  options: { statements?: boolean; explain?: boolean; settings?: Record<string, string> } = {},
): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lendloop-bench-'));
  const log = options.explain ? new PostgresLog() : undefined;
  let embedded: RunningPostgres | undefined;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir,
      logger: pino({ level: 'warn' }),
      persistent: false,
      settings: serverSettings(options),
      onLog: log ? (chunk) => log.append(chunk) : undefined,
    });
    const admin = connectDatabase(embedded.urlFor('postgres'), { max: 1 });
    try {
      await admin.pool.query(`CREATE DATABASE ${BENCH_DATABASE}`);
    } finally {
      await admin.close();
    }
    const url = embedded.urlFor(BENCH_DATABASE);
    const handle = connectDatabase(url, { max: 4 });
    await runMigrations(handle);
    if (options.statements) await handle.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const { rows } = await handle.pool.query<{ server_version: string }>('SHOW server_version');
    const { rows: buffers } = await handle.pool.query<{ shared_buffers: string }>('SHOW shared_buffers');
    const running = embedded;
    return {
      dataDir,
      url,
      handle,
      postgresVersion: rows[0]?.server_version ?? 'unknown',
      sharedBuffers: buffers[0]?.shared_buffers ?? 'unknown',
      log,
      async stop() {
        await handle.close().catch(() => undefined);
        await running.stop().catch(() => undefined);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * --statements: per-statement counts and times (statement-stats.ts); off
 * otherwise, as it costs CPU. --explain: auto_explain is loaded but logs
 * nothing until explain.ts turns it on after the measured runs (its settings
 * must not be given here: command-line settings would outrank the ALTER
 * SYSTEM that turns it on).
 */
function serverSettings(options: {
  statements?: boolean;
  explain?: boolean;
  settings?: Record<string, string>;
}): Record<string, string> {
  const libraries = [
    ...(options.statements ? ['pg_stat_statements'] : []),
    ...(options.explain ? ['auto_explain'] : []),
  ];
  if (libraries.length === 0) return { ...options.settings };
  return {
    ...options.settings,
    shared_preload_libraries: libraries.join(','),
    ...(options.statements ? { 'pg_stat_statements.track_planning': 'on' } : {}),
    // What explain-log.ts parses: English messages after a known prefix.
    ...(options.explain ? { lc_messages: 'C', log_line_prefix: LOG_LINE_PREFIX } : {}),
  };
}
