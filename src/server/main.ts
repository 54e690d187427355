import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';

const EMBEDDED_DATABASE = 'lendloop';

/** Entry point: configuration → database (embedded or external) → migrations → app → listen. */
async function main(): Promise<void> {
  const bootLogger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      bootLogger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }

  let embedded: RunningPostgres | undefined;
  let database: DatabaseHandle | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;

  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    bootLogger.info({ reason }, 'shutting down');
    await app?.close().catch((error: unknown) => bootLogger.error({ err: error }, 'closing the server failed'));
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

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: bootLogger });
      databaseUrl = await ensureEmbeddedDatabase(embedded);
    }
    database = connectDatabase(databaseUrl);
    await runMigrations(database);
    bootLogger.info('database migrations applied');

    app = await buildApp({ config, db: database.db });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Lendloop is running at ${config.publicUrl.origin}`);
  } catch (error) {
    bootLogger.fatal(error instanceof Error ? error.message : String(error));
    if (!(error instanceof Error && error.name === 'DataDirInUseError'))
      bootLogger.debug({ err: error }, 'start-up failure');
    await database?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
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
