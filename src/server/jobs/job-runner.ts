import {
  Logger as WorkerLogger,
  parseCronItems,
  run,
  runOnce,
  type LogFunctionFactory,
  type Runner,
  type TaskList,
} from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import { JOB_NAMES, JOB_PAYLOAD_SCHEMAS, JOB_SCHEDULE, type JobName, type JobPayloads } from './job-names';

/** What each job does; a handler that throws is retried with graphile-worker's backoff. */
export type JobHandlers = { [N in JobName]: (payload: JobPayloads[N]) => Promise<void> };

export interface JobRunner {
  /** Finishes the jobs in progress (new ones are not taken), then releases the connections. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  databaseUrl: string;
  handlers: JobHandlers;
  logger: Logger;
  /** Jobs run at once per instance; notifications are I/O bound. */
  concurrency?: number;
  /** How often to look for jobs whose time has come (new jobs are announced at once by NOTIFY). */
  pollIntervalMs?: number;
  /** The jobs on a clock (default JOB_SCHEDULE); tests that count jobs pass none. */
  schedule?: typeof JOB_SCHEDULE;
}

/**
 * Runs the job queue in this instance (graphile-worker: jobs are locked with
 * SKIP LOCKED, so with several instances each job runs in one of them). It
 * has its own small pool: a burst of jobs must not take the connections that
 * answer requests.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const concurrency = options.concurrency ?? 2;
  const pool = createWorkerPool(options.databaseUrl, concurrency);
  const runner: Runner = await run({
    pgPool: pool,
    taskList: toTaskList(options.handlers),
    // Given here, so graphile-worker does not look for a ./crontab file. Reminders are jobs with a time.
    parsedCronItems: parseCronItems(
      (options.schedule ?? JOB_SCHEDULE).map(({ task, match }) => ({
        task,
        match,
        identifier: task,
        options: { backfillPeriod: 0, maxAttempts: 1 },
      })),
    ),
    concurrency,
    pollInterval: options.pollIntervalMs ?? 2_000,
    // main.ts owns the signals and the shutdown order.
    noHandleSignals: true,
    logger: workerLogger(options.logger),
  });
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= runner.stop().finally(() => pool.end().catch(() => undefined));
      return stopped;
    },
  };
}

/** Runs every job that is due now, then returns (tests; `useNodeTime` lets a test's clock decide what is due). */
export async function runDueJobs(databaseUrl: string, handlers: JobHandlers, logger: Logger): Promise<void> {
  const pool = createWorkerPool(databaseUrl, 1);
  try {
    await runOnce({ pgPool: pool, taskList: toTaskList(handlers), useNodeTime: true, logger: workerLogger(logger) });
  } finally {
    await pool.end();
  }
}

function createWorkerPool(databaseUrl: string, concurrency: number): pg.Pool {
  // One connection per job in progress, one for LISTEN, one to spare.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency + 2 });
  // A lost connection fails the job that used it (it is retried); it must not end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

function toTaskList(handlers: JobHandlers): TaskList {
  const list: TaskList = {};
  for (const name of JOB_NAMES) {
    list[name] = async (payload) => {
      // Jobs are written by our own code, but a job queued by an older
      // version may not fit: fail it loudly rather than act on a wrong shape.
      await runHandler(name, handlers, payload);
    };
  }
  return list;
}

async function runHandler<N extends JobName>(name: N, handlers: JobHandlers, payload: unknown): Promise<void> {
  const parsed = JOB_PAYLOAD_SCHEMAS[name].parse(payload) as JobPayloads[N];
  await handlers[name](parsed);
}

/** graphile-worker's log lines through pino, at the same levels. */
function workerLogger(logger: Logger): WorkerLogger {
  const child = logger.child({ name: 'jobs' });
  const factory: LogFunctionFactory = (scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') child.error(fields, message);
    else if (level === 'warning') child.warn(fields, message);
    else if (level === 'info') child.info(fields, message);
    else child.debug(fields, message);
  };
  return new WorkerLogger(factory);
}
