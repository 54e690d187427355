import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The benchmark's own build, never dist/ (the e2e suite and `npm start` run
 * from dist/). Under node_modules like Vite's own cache, so git, ESLint and
 * Prettier leave it alone without extra ignore rules. The bundle sits three
 * levels deep like src/server/db, so it finds drizzle/ and public/ where the
 * server looks for them when run from source, and its `../client` default
 * is the client built beside it (src/server/app.ts).
 */
export const buildDir = path.join(root, 'node_modules/.bench-web');
export const clientDir = path.join(buildDir, 'client');
const serverDir = path.join(buildDir, 'server');
const serverBundle = path.join(serverDir, 'main.js');

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed`);
}

/** Production builds of the client (Vite) and the server (esbuild, like package.json's build:server). */
export function buildApp(): void {
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  run(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir']);
  rmSync(serverDir, { recursive: true, force: true });
  run(bin('esbuild'), [
    'src/server/main.ts',
    '--bundle',
    '--splitting',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    '--packages=external',
    '--log-level=warning',
    `--outdir=${serverDir}`,
  ]);
}

export interface RunningServer {
  baseUrl: string;
  /** The server's environment, for tools that work on its database (npm run seed). */
  env: NodeJS.ProcessEnv;
  /** The embedded PostgreSQL database the server uses (for seeding and sessions). */
  databaseUrl: string;
  stop(): Promise<void>;
}

interface LogLine {
  msg?: string;
  port?: number;
  level?: number;
}

/**
 * Starts the built server like `npm start` does on a fresh clone: its own
 * temporary DATA_DIR, so an embedded PostgreSQL and the built-in sign-in. The
 * embedded database's port is read from the server's start-up log and its
 * password from DATA_DIR, so the benchmark can seed it and create sessions.
 */
export async function startServer(port: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The defaults only: own PostgreSQL, built-in identity provider.
  const IGNORED = new Set([
    'DATABASE_URL',
    'OIDC_ISSUER_URL',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'ALLOW_BUILTIN_IDP',
  ]);
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !IGNORED.has(name)));
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  });
  const child = spawn(process.execPath, [serverBundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await stopped;
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    const databasePort = await waitForStart(child);
    const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
    const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/lendloop`;
    return { baseUrl, env, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resolves with the embedded PostgreSQL port once the server listens; rejects if it exits first. */
function waitForStart(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let databasePort: number | undefined;
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited during start-up (code ${code})`));
    });
    if (!child.stdout) throw new Error('no server output');
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        return;
      }
      // Warnings and errors stay visible; the info lines are only read here.
      if ((entry.level ?? 0) >= 40) process.stderr.write(`[server] ${line}\n`);
      if (entry.msg === 'embedded PostgreSQL is running') databasePort = entry.port;
      if (entry.msg?.startsWith('Lendloop is running')) {
        clearTimeout(timer);
        if (databasePort === undefined) reject(new Error('the embedded PostgreSQL port was not logged'));
        else resolve(databasePort);
      }
    });
  });
}
