import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, processExists } from './data-dir-lock';
import { isPostmasterOf, matchPostmaster, stopOrphanedPostmaster } from './postmaster-process';

const logger = pino({ level: 'silent' });
const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A DATA_DIR reached through a symlink: `linked` names the same folder as `real`. */
function symlinkedDataDir() {
  const root = mkdtempSync(path.join(tmpdir(), 'lendloop-postmaster-'));
  folders.push(root);
  const real = path.join(root, 'real');
  mkdirSync(path.join(real, 'postgres'), { recursive: true });
  const linked = path.join(root, 'linked');
  symlinkSync(real, linked);
  return { real: path.join(real, 'postgres'), linked: path.join(linked, 'postgres') };
}

/**
 * A live process whose command line reads like a postmaster's (`… -D <dir>`):
 * real PostgreSQL is not needed to tell whose folder a command line names,
 * and Node ends on SIGINT as a postmaster does on fast shutdown.
 */
function fakePostmaster(args: string[], cwd?: string): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...args], {
    stdio: 'ignore',
    cwd,
  });
  children.push(child);
  if (!child.pid) throw new Error('the stand-in did not start');
  return child.pid;
}

function writePidFile(databaseDir: string, pid: number): void {
  writeFileSync(path.join(databaseDir, 'postmaster.pid'), `${pid}\n${databaseDir}\n1700000000\n5432\n`);
}

describe('telling our orphaned postmaster from another process', () => {
  it('recognises a postmaster of a symlinked DATA_DIR, stops it and leaves postmaster.pid to PostgreSQL', async () => {
    const { real, linked } = symlinkedDataDir();
    const pid = fakePostmaster(['-D', real]);
    writePidFile(linked, pid);
    expect(isPostmasterOf(pid, linked)).toBe(true);

    await stopOrphanedPostmaster(linked, logger);
    expect(processExists(pid)).toBe(false);
    expect(existsSync(path.join(real, 'postmaster.pid'))).toBe(true);
  });

  it('recognises one started with a relative -D from its own working directory', () => {
    const { real, linked } = symlinkedDataDir();
    const pid = fakePostmaster(['-D', 'postgres'], path.dirname(real));
    expect(matchPostmaster(pid, linked)).toBe('this-folder');
  });

  it('removes postmaster.pid naming a live process that is certainly not a postmaster of this folder', async () => {
    const { linked } = symlinkedDataDir();
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'lendloop-other-cluster-'));
    folders.push(elsewhere);
    const pid = fakePostmaster(['-D', elsewhere]);
    writePidFile(linked, pid);

    await stopOrphanedPostmaster(linked, logger);
    expect(processExists(pid)).toBe(true);
    expect(existsSync(path.join(linked, 'postmaster.pid'))).toBe(false);
  });

  it('refuses, keeping postmaster.pid, when a live postgres process might serve this folder', async () => {
    const { linked } = symlinkedDataDir();
    // A `postgres` without -D (its folder could come from PGDATA).
    const child = spawn('bash', ['-c', 'exec -a postgres sleep 60'], { stdio: 'ignore' });
    children.push(child);
    const pid = child.pid ?? 0;
    await expect.poll(() => matchPostmaster(pid, linked)).toBe('unknown');
    writePidFile(linked, pid);

    await expect(stopOrphanedPostmaster(linked, logger)).rejects.toBeInstanceOf(DataDirInUseError);
    expect(processExists(pid)).toBe(true);
    expect(existsSync(path.join(linked, 'postmaster.pid'))).toBe(true);
  });
});
