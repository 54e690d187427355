import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles live under node_modules/.cache: ignored by git, ESLint, Prettier
 * and Vitest alike, never in dist/ (which `npm start` and the browser tests
 * own), and close enough to node_modules that the bundle's external packages
 * and the drizzle/ folder resolve exactly as from dist/server.
 */
const BUILD_DIR = path.join(root, 'node_modules/.cache/lendloop-bench-server');
const HELLO_BUILD_DIR = path.join(root, 'node_modules/.cache/lendloop-bench-hello');
const DETECTOR_WORKER_SOURCE = path.join(root, 'src/server/item-analysis/detector-worker.mjs');

/**
 * The production server bundle and the hello-world ceiling, built with the
 * exact esbuild command of package.json's build:server (only the entry and
 * the output file differ), so the benchmark measures what `npm start` runs.
 */
export async function buildBundles(): Promise<{ app: string; hello: string }> {
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // The esbuild step only: the steps around it empty the folder and copy files beside the bundle (done below for ours).
  const steps = pkg.scripts['build:server']?.split('&&').map((step) => step.trim().split(/\s+/)) ?? [];
  const command = steps.find((step) => step[0] === 'esbuild') ?? [];
  const [bin, entry, ...flags] = command;
  if (bin !== 'esbuild' || !entry || !flags.some((flag) => flag.startsWith('--outdir='))) {
    throw new Error(`Unexpected build:server script "${command.join(' ')}": the benchmark reuses its esbuild flags`);
  }
  const esbuild = path.join(root, 'node_modules/.bin/esbuild');
  /** Each bundle in a folder of its own: a split bundle's chunks sit beside its entry. */
  const build = async (source: string, outdir: string) => {
    await rm(outdir, { recursive: true, force: true });
    const args = [source, ...flags.map((flag) => (flag.startsWith('--outdir=') ? `--outdir=${outdir}` : flag))];
    await promisify(execFile)(esbuild, [...args, '--log-level=warning'], { cwd: root });
    return path.join(outdir, `${path.basename(source, path.extname(source))}.js`);
  };
  const [app, hello] = await Promise.all([
    build(entry, BUILD_DIR),
    build('bench/server/hello-world.ts', HELLO_BUILD_DIR),
  ]);
  // The offline photo analyzer's worker thread loads this file from beside the bundle (docs/decisions/0020).
  await copyFile(DETECTOR_WORKER_SOURCE, path.join(BUILD_DIR, 'detector-worker.mjs'));
  return { app, hello };
}

export interface RunningProcess {
  origin: string;
  /** The operating system's process id (for the CPU accounting in cpu-usage.ts). */
  pid: number | undefined;
  stop(): Promise<void>;
  /** The last lines the process printed (for error messages). */
  output(): string;
}

/** Variables of the user's environment that would point the bench server elsewhere. */
const IGNORED_ENV = new Set([
  'DATABASE_URL',
  'DATA_DIR',
  'PUBLIC_URL',
  'PORT',
  'HOST',
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'ALLOW_BUILTIN_IDP',
  'TRUST_PROXY',
  'SESSION_SECRET',
  'RATE_LIMIT_PER_MINUTE',
  'LOG_LEVEL',
]);

export function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !IGNORED_ENV.has(name)));
}

/**
 * The Lendloop server as `npm start` runs it (NODE_ENV=production, source
 * maps on), on the bench database. All load comes from one address, so the
 * per-IP limit is raised far beyond what the run sends: the benchmark
 * measures the endpoints, not the limiter's 429s.
 */
export async function startApp(options: {
  bundle: string;
  databaseUrl: string;
  dataDir: string;
  profile?: boolean;
  /** More variables for a measurement (the push figure's push service). */
  env?: Record<string, string>;
}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...baseEnv(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...options.env,
  };
  // The profile is written when the server exits normally, which it does on SIGTERM (src/server/main.ts).
  const profiling = options.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench/results/profiles')}`]
    : [];
  const child = spawn(process.execPath, ['--enable-source-maps', ...profiling, options.bundle], { cwd: root, env });
  const running = supervise(child, origin);
  await waitUntil(async () => (await fetch(`${origin}/healthz`)).ok, child, running, 60_000);
  return running;
}

export async function startHelloWorld(bundle: string): Promise<RunningProcess> {
  const port = await freePort();
  const env = { ...baseEnv(), NODE_ENV: 'production', PORT: String(port) };
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], { cwd: root, env });
  const running = supervise(child, `http://127.0.0.1:${port}`);
  await waitUntil(async () => (await fetch(running.origin)).ok, child, running, 20_000);
  return running;
}

function supervise(child: ChildProcess, origin: string): RunningProcess {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 100) lines.splice(0, lines.length - 100);
  };
  // Always drained: a full pipe would block the child.
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    origin,
    pid: child.pid,
    output: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function waitUntil(
  ready: () => Promise<boolean>,
  child: ChildProcess,
  running: RunningProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${running.output()}`);
    try {
      if (await ready()) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await running.stop();
  throw new Error(`The server did not become ready within ${timeoutMs / 1000} s:\n${running.output()}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
