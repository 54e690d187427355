import { readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { processExists } from './data-dir-lock';

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
 * Whether `pid` is a postmaster serving `databaseDir`: its command line is
 * `postgres -D <databaseDir> …` (backends rewrite theirs, other programs
 * never name our folder). Without /proc a live pid is taken to be it.
 */
export function isPostmasterOf(pid: number, databaseDir: string): boolean {
  if (!processExists(pid)) return false;
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return true;
  }
  const flag = args.indexOf('-D');
  return flag >= 0 && path.resolve(args[flag + 1] ?? '') === path.resolve(databaseDir);
}

/**
 * Called only while this process holds the data folder's lock and its
 * previous owner is gone: a postmaster still running on the folder is that
 * owner's orphan. It is stopped (fast shutdown, which ends its sessions and
 * writes a checkpoint; harder signals only if it does not stop) so that we
 * start our own and watch it. A `postmaster.pid` naming a live process that
 * is not a postmaster of ours (the pid was reused, e.g. after a reboot) would
 * make PostgreSQL refuse to start, so it is removed. A dead pid is left to
 * PostgreSQL, which clears the file and checks that no orphaned backend still
 * uses the shared memory.
 */
export async function stopOrphanedPostmaster(
  databaseDir: string,
  logger: Pick<Logger, 'warn' | 'info'>,
): Promise<void> {
  const pidFile = readPostmasterPidFile(databaseDir);
  if (!pidFile || !processExists(pidFile.pid)) return;
  if (!isPostmasterOf(pidFile.pid, databaseDir)) {
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
