import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { DataDirInUseError, startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { createPostgresEventBus, type PostgresEventBus } from './events/postgres-event-bus';

const EMBEDDED_DATABASE = 'lendloop';

/** How long open connections may take to finish once a shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Entry point: configuration → database (embedded or external) → migrations → app → listen. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      pino().fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const bootLogger = pino({ level: config.logLevel });

  let embedded: RunningPostgres | undefined;
  let database: DatabaseHandle | undefined;
  let liveEvents: PostgresEventBus | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;

  const start = async () => {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: bootLogger });
      databaseUrl = await ensureEmbeddedDatabase(embedded);
    }
    // A signal during start-up: stop here; shutdown() cleans up what exists.
    if (stopping) return;
    database = connectDatabase(databaseUrl);
    await runMigrations(database);
    bootLogger.info('database migrations applied');
    if (stopping) return;
    // Live events reach the streams of every instance on this database (LISTEN/NOTIFY).
    liveEvents = createPostgresEventBus({ url: databaseUrl, logger: bootLogger, publishPool: database.pool });
    app = await buildApp({ config, db: database.db, liveEvents });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Lendloop is running at ${config.publicUrl.origin}`);
  };

  const closeServer = async () => {
    if (!app) return;
    const server = app.server;
    // Long-lived connections must not keep PostgreSQL running forever.
    const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close().catch((error: unknown) => bootLogger.error({ err: error }, 'closing the server failed'));
    clearTimeout(deadline);
  };

  let startup: Promise<void> = Promise.resolve();
  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    bootLogger.info({ reason }, 'shutting down');
    // Let a start-up in progress reach a known state (e.g. initdb finish) first.
    await startup.catch(() => undefined);
    await closeServer();
    await liveEvents?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch((error: unknown) => bootLogger.error({ err: error }, 'stopping PostgreSQL failed'));
    process.exit(exitCode);
  };
  // `on`, not `once`: a second Ctrl-C (the terminal signals `npm start` and the
  // server alike) must not kill the process before PostgreSQL has stopped.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A crash must not leave the embedded PostgreSQL running on the data folder.
  process.once('uncaughtException', (error) => {
    bootLogger.fatal({ err: error }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  process.once('unhandledRejection', (error) => {
    bootLogger.fatal({ err: error }, 'unhandled rejection');
    void shutdown('unhandledRejection', 1);
  });

  startup = start();
  try {
    await startup;
  } catch (error) {
    bootLogger.fatal(error instanceof Error ? error.message : String(error));
    if (!(error instanceof DataDirInUseError)) bootLogger.debug({ err: error }, 'start-up failure');
    await shutdown('start-up failed', 1);
  }
}

/** The embedded cluster starts with only `postgres`; create our database once. */
async function ensureEmbeddedDatabase(embedded: RunningPostgres): Promise<string> {
  const admin = connectDatabase(embedded.urlFor('postgres'), { max: 1 });
  try {
    const { rows } = await admin.pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (rows.length === 0) await admin.pool.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.close();
  }
  return embedded.urlFor(EMBEDDED_DATABASE);
}

void main();
