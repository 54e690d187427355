import { readFileSync, realpathSync, statSync, unlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { DataDirInUseError, processExists } from './data-dir-lock';

/** What PostgreSQL's own lock file `postmaster.pid` says: line 1 the pid, line 4 the port. */
export interface PostmasterPidFile {
  pid: number;
  port: number;
}

export function readPostmasterPidFile(databaseDir: string): PostmasterPidFile | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port: Number.isInteger(port) ? port : 0 };
}

/**
 * Whether `pid` runs a postmaster on `databaseDir`:
 * - `this-folder`: its command line is `postgres -D <dir>` and <dir> (taken
 *   from its working directory when relative) is the same folder as ours:
 *   same device and inode, so a symlinked or bind-mounted DATA_DIR still matches;
 * - `other`: it is gone, or it is certainly not (no `-D`, not named postgres;
 *   or its `-D` folder is another one or no longer exists);
 * - `unknown`: it might be (a `postgres` without `-D`, or a `-D` folder we
 *   cannot look at). Without /proc a live pid counts as `this-folder`.
 */
export type PostmasterMatch = 'this-folder' | 'other' | 'unknown';

export function matchPostmaster(pid: number, databaseDir: string): PostmasterMatch {
  if (!processExists(pid)) return 'other';
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return 'this-folder';
  }
  const flag = args.indexOf('-D');
  const theirDir = flag >= 0 ? args[flag + 1] : undefined;
  if (theirDir === undefined) {
    const program = path.basename(args[0] ?? '');
    return program === 'postgres' || program === 'postmaster' ? 'unknown' : 'other';
  }
  let theirs: Stats;
  try {
    const cwd = path.isAbsolute(theirDir) ? '/' : realpathSync(`/proc/${pid}/cwd`);
    theirs = statSync(path.resolve(cwd, theirDir));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'other' : 'unknown';
  }
  const ours = statSync(databaseDir);
  return theirs.dev === ours.dev && theirs.ino === ours.ino ? 'this-folder' : 'other';
}

export function isPostmasterOf(pid: number, databaseDir: string): boolean {
  return matchPostmaster(pid, databaseDir) === 'this-folder';
}

/**
 * Called only while this process holds the data folder's lock and its
 * previous owner is gone: a postmaster still running on the folder is that
 * owner's orphan. It is stopped (fast shutdown, which ends its sessions and
 * writes a checkpoint; harder signals only if it does not stop) so that we
 * start our own and watch it. A `postmaster.pid` naming a live process that
 * is certainly no postmaster of this folder (the pid was reused, e.g. after a
 * reboot) would make PostgreSQL refuse to start, so it is removed. When that
 * is not certain the file is PostgreSQL's own guard against two postmasters
 * on one folder: it stays, and the start is refused. A dead pid is left to
 * PostgreSQL, which clears the file and checks that no orphaned backend still
 * uses the shared memory.
 */
export async function stopOrphanedPostmaster(
  databaseDir: string,
  logger: Pick<Logger, 'warn' | 'info'>,
): Promise<void> {
  const pidFile = readPostmasterPidFile(databaseDir);
  if (!pidFile || !processExists(pidFile.pid)) return;
  const match = matchPostmaster(pidFile.pid, databaseDir);
  if (match === 'unknown') {
    throw new DataDirInUseError(
      `${path.join(databaseDir, 'postmaster.pid')} names a running process (pid ${pidFile.pid}) that may be a ` +
        'PostgreSQL on this data folder. Stop it, or start this server with another DATA_DIR or with DATABASE_URL.',
    );
  }
  if (match === 'other') {
    logger.warn({ pid: pidFile.pid }, 'postmaster.pid names a process that is not our PostgreSQL: removing it');
    unlinkSync(path.join(databaseDir, 'postmaster.pid'));
    return;
  }
  logger.warn({ pid: pidFile.pid }, 'stopping the embedded PostgreSQL left running by a server that is gone');
  await stopProcess(pidFile.pid, 15_000);
  logger.info({ pid: pidFile.pid }, 'the orphaned PostgreSQL has stopped');
}

/**
 * SIGINT (PostgreSQL's fast shutdown), then after `graceMs` SIGQUIT
 * (immediate shutdown: crash recovery at the next start), then SIGKILL.
 * Resolves once the process is gone; throws if even SIGKILL did not help.
 */
export async function stopProcess(pid: number, graceMs: number): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', graceMs],
    ['SIGQUIT', 3_000],
    ['SIGKILL', 3_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, waitMs)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!processExists(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !processExists(pid);
}
