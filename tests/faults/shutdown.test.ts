import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processExists, readDataDirLock } from '@/server/db/data-dir-lock';
import { UNFLUSHED_MARKER } from '@/server/db/embedded-postgres';
import { embeddedPostmasterPid } from './support/fault-database';
import { freePort, startServer, type ServerProcess } from './support/server-process';
import { report, sleep } from './support/verdicts';

/*
 * The shutdown paths of src/server/main.ts (README "Faults and restarts",
 * docs/decisions/0019): requests get up to 5 s (SHUTDOWN_GRACE_MS), the
 * whole shutdown at most 10 s (SHUTDOWN_DEADLINE_MS) before the forced path,
 * which itself ends the process within about 5 s more; a second signal
 * forces at once; an uncaught exception stops cleanly with exit code 1.
 */
const GRACE_MS = 5_000;
const DEADLINE_MS = 10_000;
const FORCED_MAX_MS = 5_000;
/** Slack for process exit and a loaded 2-core machine, never enough to hide the path not taken. */
const SLACK_MS = 1_500;

const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-faults-shutdown-'));
const logFile = `${dataDir}.log`;
const injector = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'throw-on-sigusr2.mjs'),
).href;
let server: ServerProcess | undefined;
let port: number;
/** PostgreSQL processes this file stopped with SIGSTOP, resumed whatever happens. */
const frozen = new Set<number>();

afterAll(async () => {
  thaw();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(nodeOptions: string[] = []): Promise<ServerProcess> {
  port ??= await freePort();
  const running = startServer({ dataDir, port, logFile, nodeOptions });
  server = running;
  // The first start also runs initdb and the migrations.
  await running.waitHealthy(60_000);
  return running;
}

/** The server's log from `offset` on (JSON lines, appended by every start). */
const logSince = (offset: number) => readFileSync(logFile, 'utf8').slice(offset);
const logLength = () => readFileSync(logFile, 'utf8').length;

/**
 * A request the server cannot finish: the headers announce a body that never
 * fully arrives (a phone on a dying connection uploading). Resolves `closed`
 * when the server cuts the connection.
 */
async function holdRequest(baseUrl: string): Promise<{ closed: Promise<number>; socket: Socket }> {
  const { hostname, port: serverPort } = new URL(baseUrl);
  const socket = connect(Number(serverPort), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  socket.write(
    `POST /api/feedback HTTP/1.1\r\nHost: ${hostname}:${serverPort}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"rating": 5, "text": "',
  );
  // Let the server take the request in before the signal.
  await sleep(300);
  return { closed, socket };
}

/** The postmaster and its children (backends, checkpointer…), read from /proc. */
function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        // Field 4 of /proc/PID/stat is the parent pid (after the command in parentheses).
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children];
}

function thaw() {
  for (const pid of frozen) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Gone already.
    }
  }
  frozen.clear();
}

/** What every way of stopping must leave: no PostgreSQL of ours running, the data folder free. */
function expectStoppedCleanly(postmaster: number) {
  expect(processExists(postmaster), 'the embedded PostgreSQL was stopped').toBe(false);
  expect(readDataDirLock(dataDir), 'the data folder lock was released').toBeUndefined();
}

describe('a signal during the first start', () => {
  it('SIGTERM while initdb runs: start-up stops at a known state, the new cluster is flushed, exit 0; the next start is healthy', async () => {
    const firstDir = mkdtempSync(path.join(tmpdir(), 'lendloop-faults-first-start-'));
    const firstLog = `${firstDir}.log`;
    try {
      const running = startServer({ dataDir: firstDir, port: await freePort(), logFile: firstLog });
      // The app's parts load and build beside initdb (docs/decisions/0037): signal in the middle of it.
      await expect
        .poll(() => readFileSync(firstLog, 'utf8').includes('initialising the embedded PostgreSQL cluster'), {
          timeout: 30_000,
          interval: 20,
        })
        .toBe(true);
      const signalledAt = Date.now();
      running.signal('SIGTERM');
      const exit = await running.exit;
      const totalMs = exit.at - signalledAt;
      const log = readFileSync(firstLog, 'utf8');

      expect(exit.code).toBe(0);
      expect(totalMs).toBeLessThan(DEADLINE_MS);
      expect(log).not.toContain('forcing the shutdown');
      expect(log).toContain('shutdown complete');
      // It never got to the database work, and the cluster initdb left unflushed was flushed at stop.
      expect(log).not.toContain('database migrations applied');
      expect(existsSync(path.join(firstDir, UNFLUSHED_MARKER))).toBe(false);
      expect(readDataDirLock(firstDir)).toBeUndefined();

      const offset = readFileSync(firstLog, 'utf8').length;
      const next = startServer({ dataDir: firstDir, port: await freePort(), logFile: firstLog });
      await next.waitHealthy(60_000);
      expect(readFileSync(firstLog, 'utf8').slice(offset)).not.toContain('taking over');
      expect((await next.stop()).code).toBe(0);
      report('SIGTERM during initdb', [`exited 0 after ${totalMs} ms; next start healthy`]);
      rmSync(firstLog, { force: true });
    } finally {
      rmSync(firstDir, { recursive: true, force: true });
    }
  });
});

describe('shutdown of the built server', () => {
  it('SIGTERM with a request held open: the request gets the grace period, then the server stops cleanly', async () => {
    const running = await start();
    const postmaster = embeddedPostmasterPid(dataDir);
    const offset = logLength();
    const held = await holdRequest(running.baseUrl);
    const signalledAt = Date.now();
    running.signal('SIGTERM');
    const [exit, cutAt] = await Promise.all([running.exit, held.closed]);
    const cutMs = cutAt - signalledAt;
    const totalMs = exit.at - signalledAt;

    expect(exit.code).toBe(0);
    // The held request was waited for, up to the grace period, not cut at once…
    expect(cutMs).toBeGreaterThanOrEqual(GRACE_MS - 500);
    expect(cutMs).toBeLessThan(GRACE_MS + SLACK_MS);
    // …and the shutdown finished on its own, before the deadline's forced path.
    expect(totalMs).toBeLessThan(DEADLINE_MS);
    expect(logSince(offset)).not.toContain('forcing the shutdown');
    expect(logSince(offset)).toContain('shutdown complete');
    expectStoppedCleanly(postmaster);
    report('SIGTERM with a request held open', [`request cut after ${cutMs} ms, process exited after ${totalMs} ms`]);
  });

  it('a second SIGTERM forces the exit without waiting out the grace period', async () => {
    const running = await start();
    const postmaster = embeddedPostmasterPid(dataDir);
    const offset = logLength();
    const held = await holdRequest(running.baseUrl);
    const signalledAt = Date.now();
    running.signal('SIGTERM');
    // Later than REPEATED_SIGNAL_MS (1 s): not the same Ctrl-C reaching us twice.
    await sleep(1_300);
    expect(running.alive(), 'still waiting for the held request').toBe(true);
    running.signal('SIGTERM');
    const exit = await running.exit;
    const totalMs = exit.at - signalledAt;
    held.socket.destroy();

    expect(exit.code).toBe(1);
    // Without the second signal the held request alone keeps it up for GRACE_MS.
    expect(totalMs).toBeLessThan(GRACE_MS - 500);
    expect(logSince(offset)).toContain('"why":"second SIGTERM"');
    expectStoppedCleanly(postmaster);
    report('second SIGTERM', [`exited ${totalMs} ms after the first SIGTERM (second one at 1.3 s)`]);
  });

  it('an uncaught exception stops PostgreSQL, releases the data folder and exits 1; the next start is healthy', async () => {
    const running = await start(['--import', injector]);
    const postmaster = embeddedPostmasterPid(dataDir);
    const offset = logLength();
    const thrownAt = Date.now();
    running.signal('SIGUSR2');
    const exit = await running.exit;
    const totalMs = exit.at - thrownAt;
    const log = logSince(offset);

    expect(exit.code).toBe(1);
    expect(log).toContain('injected uncaught exception');
    expect(log).toContain('"msg":"uncaught exception"');
    expect(log).toContain('shutdown complete');
    expect(log).not.toContain('forcing the shutdown');
    expect(totalMs).toBeLessThan(DEADLINE_MS);
    expectStoppedCleanly(postmaster);

    // Nothing was left behind to take over: the next start is an ordinary one.
    const restartOffset = logLength();
    const restarted = await start();
    expect(logSince(restartOffset)).not.toContain('taking over');
    const stopped = await restarted.stop();
    expect(stopped.code).toBe(0);
    report('uncaught exception', [`clean stop with exit code 1 after ${totalMs} ms; next start healthy`]);
  });

  it('a hung PostgreSQL cannot hold the shutdown past its deadline; the next start takes over', async () => {
    const running = await start();
    const postmaster = embeddedPostmasterPid(dataDir);
    const offset = logLength();
    // Frozen, not dead: connections stay open but nothing answers, so closing
    // the pools and stopping PostgreSQL politely never completes.
    for (const pid of postgresProcesses(postmaster)) {
      process.kill(pid, 'SIGSTOP');
      frozen.add(pid);
    }
    const signalledAt = Date.now();
    running.signal('SIGTERM');
    const exit = await running.exit;
    const totalMs = exit.at - signalledAt;
    thaw();

    expect(exit.code).toBe(1);
    expect(logSince(offset)).toContain('"why":"shutdown deadline passed"');
    expect(totalMs).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(totalMs).toBeLessThan(DEADLINE_MS + FORCED_MAX_MS + SLACK_MS);

    // Whatever the forced path left (it escalates to SIGKILL), the next start recovers on its own.
    const restarted = await start();
    expect(processExists(postmaster)).toBe(false);
    const stopped = await restarted.stop();
    expect(stopped.code).toBe(0);
    report('hung PostgreSQL at shutdown', [`forced exit ${totalMs} ms after SIGTERM; next start healthy`]);
    // Kept only when the run failed, for the diagnosis.
    rmSync(logFile, { force: true });
  });
});
