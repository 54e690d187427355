import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, processExists, readDataDirLock } from './data-dir-lock';
import { DataDirInUseError, startEmbeddedPostgres, UNFLUSHED_MARKER, type RunningPostgres } from './embedded-postgres';
import { readPostmasterPidFile } from './postmaster-process';

const logger = pino({ level: 'silent' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-embedded-'));
let first: RunningPostgres | undefined;

afterAll(async () => {
  await first?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL', () => {
  it('keeps a second server off the same data folder with a clear message, and keeps data across restarts', async () => {
    // main.ts loads the rest of the server once PostgreSQL's first process runs: once, before the start is over.
    const runningWhileStarting: boolean[] = [];
    let started = false;
    first = await startEmbeddedPostgres({
      dataDir,
      logger,
      onProcessRunning: () => runningWhileStarting.push(!started),
    });
    started = true;
    expect(runningWhileStarting).toEqual([true]);
    // initdb ran with --no-sync; the new cluster's files are flushed once it runs (hundreds of files).
    expect(await first.flush()).toBeGreaterThan(500);
    const client = new pg.Client({ connectionString: first.urlFor('postgres') });
    await client.connect();
    await client.query('CREATE TABLE kept (note text)');
    await client.query("INSERT INTO kept VALUES ('still here')");
    await client.end();

    const second = startEmbeddedPostgres({ dataDir, logger });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(/already used by another running Lendloop server/);

    await first.stop();
    let log = '';
    first = await startEmbeddedPostgres({ dataDir, logger, onLog: (chunk) => (log += chunk) });
    expect(log).toMatch(/database system is ready to accept connections/);
    // An existing cluster has nothing of initdb's left to flush.
    expect(await first.flush()).toBe(0);
    const again = new pg.Client({ connectionString: first.urlFor('postgres') });
    await again.connect();
    const { rows } = await again.query('SELECT note FROM kept');
    await again.end();
    expect(rows).toEqual([{ note: 'still here' }]);
  });
});

describe('flushing a new cluster (initdb runs with --no-sync)', () => {
  /** A debug logger that records the flush's start and end messages. */
  const recordingFlushes = () => {
    const events: string[] = [];
    const logger = pino(
      { level: 'debug' },
      {
        write: (line: string) => {
          const entry = JSON.parse(line) as { msg?: string };
          if (entry.msg === 'flushing the new PostgreSQL cluster to disk') events.push('started');
          if (entry.msg === 'the new PostgreSQL cluster is flushed to disk') events.push('done');
        },
      },
    );
    return { events, logger };
  };

  it('waits for the caller with deferFlush, flushes at stop if nobody asked, and then is done for good', async () => {
    const flushDir = mkdtempSync(path.join(tmpdir(), 'lendloop-embedded-flush-'));
    const marker = path.join(flushDir, UNFLUSHED_MARKER);
    try {
      const first = recordingFlushes();
      const cluster = await startEmbeddedPostgres({ dataDir: flushDir, logger: first.logger, deferFlush: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(first.events).toEqual([]);
      expect(existsSync(marker)).toBe(true);
      await cluster.stop();
      expect(first.events).toEqual(['started', 'done']);
      expect(existsSync(marker)).toBe(false);

      const second = recordingFlushes();
      const again = await startEmbeddedPostgres({ dataDir: flushDir, logger: second.logger });
      expect(await again.flush()).toBe(0);
      await again.stop();
      expect(second.events).toEqual([]);
    } finally {
      rmSync(flushDir, { recursive: true, force: true });
    }
  });

  it('flushes a cluster that an earlier start left unflushed (its process killed before the flush ended)', async () => {
    const flushDir = mkdtempSync(path.join(tmpdir(), 'lendloop-embedded-unflushed-'));
    try {
      const cluster = await startEmbeddedPostgres({ dataDir: flushDir, logger, deferFlush: true });
      // The marker of a start whose flush never ran, as a killed process leaves it.
      await cluster.stop();
      writeFileSync(path.join(flushDir, UNFLUSHED_MARKER), 'left by a killed start\n');
      const next = await startEmbeddedPostgres({ dataDir: flushDir, logger });
      expect(await next.flush()).toBeGreaterThan(500);
      expect(existsSync(path.join(flushDir, UNFLUSHED_MARKER))).toBe(false);
      await next.stop();
    } finally {
      rmSync(flushDir, { recursive: true, force: true });
    }
  });
});

describe('the embedded PostgreSQL after faults', () => {
  const faultDir = mkdtempSync(path.join(tmpdir(), 'lendloop-embedded-faults-'));
  const running: RunningPostgres[] = [];
  afterAll(async () => {
    for (const cluster of running) await cluster.stop();
    rmSync(faultDir, { recursive: true, force: true });
  });

  const count = async (cluster: RunningPostgres) => {
    const client = new pg.Client({ connectionString: cluster.urlFor('postgres') });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM kept');
      return rows[0]?.n;
    } finally {
      await client.end();
    }
  };

  it('restarts its PostgreSQL on the same port when the postmaster is killed', async () => {
    const cluster = await startEmbeddedPostgres({ dataDir: faultDir, logger });
    running.push(cluster);
    const setup = new pg.Client({ connectionString: cluster.urlFor('postgres') });
    await setup.connect();
    await setup.query('CREATE TABLE kept (note text)');
    await setup.query("INSERT INTO kept VALUES ('before the kill')");
    await setup.end();

    const killed = cluster.postmasterPid();
    expect(killed).toBeTypeOf('number');
    process.kill(killed ?? 0, 'SIGKILL');
    await expect.poll(() => cluster.postmasterPid(), { timeout: 15_000, interval: 100 }).not.toBe(killed);
    await expect.poll(() => cluster.postmasterPid(), { timeout: 15_000, interval: 100 }).toBeTypeOf('number');
    expect(await count(cluster)).toBe(1);
  });

  it('takes the folder over from an owner that is gone, stopping the PostgreSQL it left running', async () => {
    const orphaned = running.pop();
    if (!orphaned) throw new Error('the previous test left no cluster');
    const orphanPid = orphaned.postmasterPid();
    // The owner "crashed": its lock names a process that no longer exists, its postmaster still runs.
    const dead = spawn('true', [], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(
      path.join(faultDir, LOCK_FILE),
      JSON.stringify({ pid: dead.pid, startedAt: 'boot:1', role: 'server', token: 'crashed-owner' }),
    );

    const successor = await startEmbeddedPostgres({ dataDir: faultDir, logger });
    running.push(successor);
    expect(successor.postmasterPid()).not.toBe(orphanPid);
    expect(orphanPid && processExists(orphanPid)).toBe(false);
    expect(await count(successor)).toBe(1);
    // The old holder saw its postmaster stop but no longer owns the folder: it must not start another one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(orphaned.postmasterPid()).toBeUndefined();
    await orphaned.stop();
    expect(readDataDirLock(faultDir)?.pid).toBe(process.pid);
  });

  it('stops a postmaster that a restart is still bringing up when it is stopped, then releases the folder', async () => {
    const restartDir = mkdtempSync(path.join(tmpdir(), 'lendloop-embedded-restart-'));
    try {
      const cluster = await startEmbeddedPostgres({ dataDir: restartDir, logger });
      const killed = cluster.postmasterPid();
      process.kill(killed ?? 0, 'SIGKILL');
      // The restart's postmaster writes postmaster.pid early, well before it accepts connections:
      // stopping now catches the launch in progress.
      const databaseDir = path.join(restartDir, 'postgres');
      const launching = () => {
        const pid = readPostmasterPidFile(databaseDir)?.pid;
        return pid !== undefined && pid !== killed && processExists(pid) ? pid : undefined;
      };
      await expect.poll(launching, { timeout: 15_000, interval: 5 }).toBeTypeOf('number');
      const relaunched = launching();
      expect(cluster.postmasterPid()).toBeUndefined();
      await cluster.stop();
      expect(relaunched && processExists(relaunched)).toBe(false);
      expect(readDataDirLock(restartDir)).toBeUndefined();
    } finally {
      rmSync(restartDir, { recursive: true, force: true });
    }
  });
});
