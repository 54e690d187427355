import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A loopback port that was free a moment ago (the server binds it; restarts reuse it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

export interface ServerOptions {
  dataDir: string;
  port: number;
  /** External database; unset: the embedded PostgreSQL in dataDir. */
  databaseUrl?: string;
  /** Where the server's output is appended (read it when a cycle fails). */
  logFile: string;
  /** Extra Node.js options before the script, e.g. `--import` of a test-only fault injector. */
  nodeOptions?: string[];
  /** More variables, over the defaults (several instances behind a proxy: PUBLIC_URL, S3_*…). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  alive(): boolean;
  /** Polls /healthz until 200; resolves with the milliseconds it took, rejects after `timeoutMs`. */
  waitHealthy(timeoutMs: number): Promise<number>;
  /** SIGKILL: what an out-of-memory kill or a crash does. */
  kill9(): Promise<void>;
  /** SIGTERM and wait; resolves with the exit code and how long the shutdown took. */
  stop(): Promise<{ code: number | null; ms: number }>;
  /** Sends a signal without waiting. */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code (null when a signal ended it) and when, by Date.now(). */
  readonly exit: Promise<{ code: number | null; at: number }>;
}

/** The built server (dist/server/main.js) as a real child process, on loopback only. */
export function startServer(options: ServerOptions): ServerProcess {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'info',
    // The write load comes from one address; the per-address limit is not under test here.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const args = ['--enable-source-maps', ...(options.nodeOptions ?? []), 'dist/server/main.js'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!child.pid) throw new Error('the server did not start');
  const pid = child.pid;
  appendFileSync(options.logFile, `\n--- server pid ${pid} started ${new Date().toISOString()}\n`);
  const log = (chunk: Buffer) => appendFileSync(options.logFile, chunk);
  child.stdout?.on('data', log);
  child.stderr?.on('data', log);
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const exited = exit.then(({ code }) => code);
  const alive = () => child.exitCode === null && child.signalCode === null;

  return {
    baseUrl,
    pid,
    alive,
    exit,
    signal(name) {
      if (alive()) child.kill(name);
    },
    async waitHealthy(timeoutMs) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (!alive()) throw new Error(`the server exited (code ${child.exitCode}); see ${options.logFile}`);
        try {
          const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
          if (response.status === 200) return Date.now() - started;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server was not healthy within ${timeoutMs} ms; see ${options.logFile}`);
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const started = Date.now();
      if (alive()) child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}
