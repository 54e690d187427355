import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acquireDataDirLock,
  DataDirInUseError,
  LOCK_FILE,
  processStartedAt,
  readDataDirLock,
  type DataDirLockContent,
} from './data-dir-lock';

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lendloop-lock-'));
  folders.push(dir);
  return dir;
}

function writeLock(dataDir: string, content: Omit<DataDirLockContent, 'token'>): void {
  writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ ...content, token: 'earlier-owner' }));
}

/** A live process that is not us: the owner of a lock, or a process that reused a pid. */
function liveProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('sleep did not start');
  return child.pid;
}

/** The pid of a process that has exited (and been collected). */
async function deadPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (!child.pid) throw new Error('true did not start');
  return child.pid;
}

describe('the data folder lock (server.lock)', () => {
  it('is taken on a free folder, names this process with its start time, and is released', async () => {
    const dataDir = newDataDir();
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.replaced).toBeUndefined();
    expect(readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, role: 'server', token: lock.content.token });
    expect(lock.content.startedAt).toBe(processStartedAt(process.pid));
    expect(lock.content.startedAt).toMatch(/^[0-9a-f-]{36}:\d+$/);
    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('refuses the folder while its owner lives (two servers on one folder)', async () => {
    const dataDir = newDataDir();
    const pid = liveProcess();
    writeLock(dataDir, { pid, startedAt: processStartedAt(pid), role: 'server' });
    const attempt = acquireDataDirLock(dataDir, 'server');
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(`already used by another running Lendloop server (pid ${pid})`);
    // The owner's lock is left as it was.
    expect(readDataDirLock(dataDir)?.token).toBe('earlier-owner');
  });

  it('refuses a second holder in the same process too', async () => {
    const dataDir = newDataDir();
    const first = await acquireDataDirLock(dataDir, 'seed');
    await expect(acquireDataDirLock(dataDir, 'server')).rejects.toThrow(/used by `npm run seed`/);
    first.release();
  });

  it('takes over from an owner that is gone (killed, crashed)', async () => {
    const dataDir = newDataDir();
    const pid = await deadPid();
    writeLock(dataDir, { pid, startedAt: 'boot:1', role: 'server' });
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.replaced).toMatchObject({ pid, token: 'earlier-owner' });
    expect(readDataDirLock(dataDir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('treats an owner pid now used by another process (other start time) as gone', async () => {
    const dataDir = newDataDir();
    const pid = liveProcess();
    const startedAt = processStartedAt(pid);
    writeLock(dataDir, { pid, startedAt: `${startedAt ?? 'boot:0'}0`, role: 'server' });
    const lock = await acquireDataDirLock(dataDir, 'server');
    expect(lock.replaced?.pid).toBe(pid);
    expect(lock.stillHeld()).toBe(true);
    lock.release();
  });

  it('lets only one of two simultaneous starts take over a stale lock', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), startedAt: 'boot:1', role: 'server' });
    const results = await Promise.allSettled([
      acquireDataDirLock(dataDir, 'server'),
      acquireDataDirLock(dataDir, 'server'),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status === 'rejected' && refused[0].reason).toBeInstanceOf(DataDirInUseError);
  });

  it('lets exactly one of several processes that take over a stale lock at the same moment win', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), startedAt: 'boot:1', role: 'server' });
    // Separate processes, released at the same instant: within one process the
    // synchronous file steps of two calls never interleave.
    const startAt = Date.now() + 1_500;
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))};
      while (Date.now() < ${startAt}) {}
      try {
        const lock = await acquireDataDirLock(${JSON.stringify(dataDir)}, 'server');
        console.log(JSON.stringify({ won: true, token: lock.content.token, replaced: lock.replaced?.token }));
        setInterval(() => {}, 1_000); // a live owner, until the test ends it
      } catch (error) {
        console.log(JSON.stringify({ won: false, error: error.name }));
      }`;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(child);
        return new Promise<{ won: boolean; token?: string; replaced?: string; error?: string }>((resolve, reject) => {
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes('\n')) resolve(JSON.parse(output) as { won: boolean });
          });
          child.once('exit', (code) => reject(new Error(`the contender exited (${code}) without an answer`)));
        });
      }),
    );
    const winners = outcomes.filter((outcome) => outcome.won);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.replaced).toBe('earlier-owner');
    expect(outcomes.filter((outcome) => !outcome.won)).toEqual(
      Array(3).fill({ won: false, error: 'DataDirInUseError' }),
    );
    expect(readDataDirLock(dataDir)?.token).toBe(winners[0]?.token);
  }, 20_000);

  it("makes a start that arrives during another start's takeover wait for it, then refuses it", async () => {
    const dataDir = newDataDir();
    const lockPath = path.join(dataDir, LOCK_FILE);
    writeLock(dataDir, { pid: await deadPid(), startedAt: 'boot:1', role: 'server' });
    // Another start is inside its takeover: it holds the guard, the stale lock is still in place.
    mkdirSync(`${lockPath}.takeover`);
    const late = acquireDataDirLock(dataDir, 'server');
    const settled = vi.fn();
    late.then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).not.toHaveBeenCalled();
    // It completes: its live lock replaces the stale one in one step, and it leaves the guard.
    const pid = liveProcess();
    writeFileSync(
      `${lockPath}.new`,
      JSON.stringify({ pid, startedAt: processStartedAt(pid), role: 'server', token: 'winner' }),
    );
    renameSync(`${lockPath}.new`, lockPath);
    rmdirSync(`${lockPath}.takeover`);
    await expect(late).rejects.toBeInstanceOf(DataDirInUseError);
    expect(readDataDirLock(dataDir)?.token).toBe('winner');
  });

  it('does not remove a lock that another holder has taken over since', async () => {
    const dataDir = newDataDir();
    const lock = await acquireDataDirLock(dataDir, 'server');
    writeLock(dataDir, { pid: 1, startedAt: null, role: 'server' });
    expect(lock.stillHeld()).toBe(false);
    lock.release();
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ token: 'earlier-owner' });
  });
});
