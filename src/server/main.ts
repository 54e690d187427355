import pino, { type Logger } from 'pino';
import type { buildApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import type { DatabaseHandle } from './db/client';
import { DataDirInUseError, startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres';
import type { PostgresEventBus } from './events/postgres-event-bus';
import type { JobRunner } from './jobs/job-runner';
import type { PhotoStorage } from './photos/photo-storage';
import type * as ServerPartsModule from './server-parts';

/**
 * The rest of the server, imported while the embedded PostgreSQL starts
 * (server-parts.ts): only configuration, logging and the embedded cluster's
 * starter are loaded before it.
 */
type ServerParts = typeof ServerPartsModule;

/** The server's parts loaded, its database handle made, its app being built. */
interface PreparedServer {
  parts: ServerParts;
  handle: DatabaseHandle;
  built: Promise<Awaited<ReturnType<typeof buildApp>>>;
}
let serverParts: Promise<ServerParts> | undefined;
const loadServerParts = (): Promise<ServerParts> => (serverParts ??= import('./server-parts'));

const EMBEDDED_DATABASE = 'lendloop';

/** Background jobs run at once per instance (notifications are I/O bound). */
const JOB_CONCURRENCY = 2;

/** How long open requests may take to finish once a shutdown starts; then their sockets are closed. */
const SHUTDOWN_GRACE_MS = 5_000;
/**
 * A shutdown never takes longer than this (a supervisor's stop timeout, e.g.
 * systemd's TimeoutStopSec, should be longer): past it PostgreSQL is stopped
 * the hard way and the process exits.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** How long the forced path may spend stopping the embedded PostgreSQL before exiting regardless. */
const FORCED_STOP_MS = 4_000;
/** A second signal this soon after the first is the same Ctrl-C (the terminal signals `npm start` and us alike). */
const REPEATED_SIGNAL_MS = 1_000;

/**
 * One debug line per start-up phase, with the milliseconds since the process
 * started: where a slow start spends its time (`npm run bench -- --only=startup` reads them).
 */
function phaseDone(logger: Logger, phase: string): void {
  logger.debug({ phase, uptimeMs: Math.round(process.uptime() * 1000) }, 'start-up phase done');
}

/**
 * Entry point: configuration → database (embedded or external) → migrations,
 * the app built meanwhile (docs/decisions/0037) → listen.
 * Faults and shutdown: docs/decisions/0019-faults-and-restarts.md.
 */
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
  phaseDone(bootLogger, 'modules');

  let embedded: RunningPostgres | undefined;
  let database: DatabaseHandle | undefined;
  let liveEvents: PostgresEventBus | undefined;
  let jobs: JobRunner | undefined;
  let jobDatabase: DatabaseHandle | undefined;
  let jobPhotos: PhotoStorage | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  let stoppingSince = 0;
  let exitCode = 0;

  /**
   * The database exists (created on a first embedded start): settled by
   * start() once PostgreSQL runs. The live-event listener first connects then.
   */
  let settleDatabaseExists: (created: Promise<void>) => void = () => undefined;
  const databaseExists = new Promise<void>((resolve, reject) => {
    settleDatabaseExists = (created) => created.then(resolve, reject);
  });
  // Observed by start(); a start-up stopped early must not report it as unhandled.
  databaseExists.catch(() => undefined);

  /**
   * Loads the rest of the server and builds the app against `databaseUrl`,
   * once (the embedded cluster's first output starts it, so both overlap
   * PostgreSQL's start). Building sends no statement (app.test.ts): the pool
   * connects on its first one, after the migrations.
   */
  let preparing: Promise<PreparedServer> | undefined;
  const prepare = (databaseUrl: string): Promise<PreparedServer> =>
    (preparing ??= loadServerParts().then((parts) => {
      phaseDone(bootLogger, 'server modules');
      const handle = parts.connectDatabase(databaseUrl, {
        onConnectionLost: (error) => bootLogger.warn({ err: error }, 'database connection lost; the pool reconnects'),
      });
      // Live events reach the streams of every instance on this database (LISTEN/NOTIFY).
      const bus = parts.createPostgresEventBus({
        url: databaseUrl,
        logger: bootLogger,
        publishPool: handle.pool,
        startAfter: databaseExists,
      });
      // Known at once, so that a shutdown closes them whatever start-up reached.
      database = handle;
      liveEvents = bus;
      const built = parts.buildApp({ config, db: handle.db, liveEvents: bus }).then((builtApp) => {
        phaseDone(bootLogger, 'app');
        return builtApp;
      });
      built.catch(() => undefined);
      return { parts, handle, built };
    }));

  const start = async () => {
    if (!config.databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        logger: bootLogger,
        // Its first output: initdb or the server now works in a process of its own.
        onProcessRunning: (cluster) => void prepare(cluster.urlFor(EMBEDDED_DATABASE)).catch(() => undefined),
        // A new cluster is flushed to disk once the server listens (below).
        deferFlush: true,
      });
      phaseDone(bootLogger, 'postgres');
    }
    // A signal while PostgreSQL started: going on would only delay the shutdown.
    if (stopping) return;
    let databaseUrl: string;
    if (config.databaseUrl) databaseUrl = config.databaseUrl;
    else if (embedded) databaseUrl = embedded.urlFor(EMBEDDED_DATABASE);
    else throw new Error('Neither DATABASE_URL nor an embedded PostgreSQL');
    const { parts, handle, built } = await prepare(databaseUrl);
    // A signal while the server's parts loaded: no database work (a migration
    // could wait on another instance's lock past the shutdown's deadline).
    if (stopping) return;
    parts.logMailSetup(config.mail, bootLogger);
    settleDatabaseExists(
      embedded ? ensureEmbeddedDatabase(embedded, parts.connectDatabase, bootLogger) : Promise.resolve(),
    );
    const migrated = databaseExists.then(async () => {
      if (stopping) return;
      await parts.runMigrations(handle);
      bootLogger.info('database migrations applied');
      phaseDone(bootLogger, 'migrations');
    });
    // Both settle before start-up goes on or fails: a shutdown never meets one still running.
    const [migration, building] = await Promise.allSettled([migrated, built]);
    if (building.status === 'fulfilled') app = building.value;
    if (migration.status === 'rejected') throw migration.reason;
    if (building.status === 'rejected') throw building.reason;
    if (stopping || !app) return;
    await app.listen({ port: config.port, host: config.host });
    phaseDone(bootLogger, 'listen');
    app.log.info(`Lendloop is running at ${config.publicUrl.origin}`);
    // initdb's flush, taken out of the first start (docs/decisions/0037); stop() waits for it.
    void embedded?.flush();
    if (stopping) return;
    // Background jobs (notifications, reminders) run in every instance; each job in one of them.
    // Their work has its own small pool: a digest waiting on a slow mail server
    // holds a connection, and must not hold one that answers requests.
    jobDatabase = parts.connectDatabase(databaseUrl, {
      max: JOB_CONCURRENCY + 1,
      onConnectionLost: (error) => bootLogger.warn({ err: error }, 'job database connection lost; the pool reconnects'),
    });
    // The bucket's orphan sweep is a job (docs/decisions/0050).
    jobPhotos = parts.createPhotoStorage(jobDatabase.db, config.photoBucket);
    jobs = await parts.startJobRunner({
      databaseUrl,
      concurrency: JOB_CONCURRENCY,
      handlers: parts.createJobHandlers({
        db: jobDatabase.db,
        config,
        logger: bootLogger,
        photoBucket: jobPhotos.bucket,
      }),
      logger: bootLogger,
    });
    phaseDone(bootLogger, 'jobs');
  };

  const closeServer = async () => {
    if (!app) return;
    const server = app.server;
    // A keep-alive connection whose request finishes during the shutdown would
    // otherwise stay open for its idle timeout: close each once it is idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    // Long-lived connections must not hold the shutdown up: cut them after the grace period.
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close().catch((error: unknown) => bootLogger.error({ err: error }, 'closing the server failed'));
    clearTimeout(grace);
    clearInterval(sweep);
  };

  /** Past the deadline, or on a second signal: close every socket, stop PostgreSQL quickly, exit. */
  let forcing = false;
  const forceExit = async (why: string) => {
    if (forcing) return;
    forcing = true;
    bootLogger.warn({ why }, 'forcing the shutdown');
    // Whatever happens below, the process ends.
    setTimeout(() => process.exit(exitCode || 1), FORCED_STOP_MS + 1_000);
    app?.server.closeAllConnections();
    await embedded
      ?.stop({ graceMs: FORCED_STOP_MS / 2 })
      .catch((error: unknown) => bootLogger.error({ err: error }, 'stopping PostgreSQL failed'));
    process.exit(exitCode || 1);
  };

  let startup: Promise<void> = Promise.resolve();
  const shutdown = async (reason: string, code = 0) => {
    if (stopping) {
      if (reason.startsWith('SIG') && Date.now() - stoppingSince > REPEATED_SIGNAL_MS)
        void forceExit(`second ${reason}`);
      return;
    }
    stopping = true;
    stoppingSince = Date.now();
    exitCode = code;
    bootLogger.info({ reason }, 'shutting down');
    setTimeout(() => void forceExit('shutdown deadline passed'), SHUTDOWN_DEADLINE_MS);
    // Let a start-up in progress reach a known state (e.g. initdb finish) first.
    await startup.catch(() => undefined);
    await closeServer();
    const pool = database?.pool;
    const connections = pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    bootLogger.info({ ms: Date.now() - stoppingSince, connections }, 'HTTP server closed');
    // Jobs in progress finish (no new ones start) before their database goes.
    await jobs?.stop().catch((error: unknown) => bootLogger.error({ err: error }, 'stopping the job runner failed'));
    await jobDatabase?.close().catch(() => undefined);
    jobPhotos?.close();
    await liveEvents?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    bootLogger.info({ ms: Date.now() - stoppingSince }, 'database connections closed');
    await embedded?.stop().catch((error: unknown) => bootLogger.error({ err: error }, 'stopping PostgreSQL failed'));
    bootLogger.info({ ms: Date.now() - stoppingSince }, 'shutdown complete');
    process.exit(exitCode);
  };
  // `on`, not `once`: a repeated signal must reach shutdown() (which ignores
  // the same Ctrl-C and forces on a later one), never Node's default handler,
  // which would end the process before PostgreSQL has stopped.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A bug reached the top: the process state is unknown, so it stops (cleanly:
  // PostgreSQL too) and the supervisor starts it again. Lost database
  // connections never get here (db/client.ts, events/postgres-event-bus.ts);
  // every further error during the shutdown is logged, none ends it early.
  process.on('uncaughtException', (error) => {
    bootLogger.fatal({ err: error }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  process.on('unhandledRejection', (error) => {
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
async function ensureEmbeddedDatabase(
  embedded: RunningPostgres,
  connectDatabase: ServerParts['connectDatabase'],
  logger: Logger,
): Promise<void> {
  const admin = connectDatabase(embedded.urlFor('postgres'), { max: 1 });
  try {
    const { rows } = await admin.pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (rows.length === 0) await admin.pool.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.close();
  }
  phaseDone(logger, 'database');
}

void main();
