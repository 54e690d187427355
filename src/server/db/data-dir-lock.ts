import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who owns a DATA_DIR (docs/decisions/0019-faults-and-restarts.md).
 *
 * PostgreSQL's own `postmaster.pid` only says that *a* postmaster runs on the
 * folder. After `kill -9` of a server, its embedded postmaster lives on as an
 * orphan and keeps that lock, so the next start was refused although no
 * server ran. `DATA_DIR/server.lock` names the process that owns the folder
 * (pid, and its start time so a reused pid does not pass for the owner):
 * while that process lives the folder is refused to anyone else; once it is
 * gone the next start may take over and stop the orphan.
 */
export const LOCK_FILE = 'server.lock';

export interface DataDirLockContent {
  pid: number;
  /** `<boot id>:<start time in clock ticks>` from /proc; null where /proc is missing. */
  startedAt: string | null;
  /** What holds it, for messages: `server` or `seed`. */
  role: string;
  /** Tells this holder's lock from a later one on the same folder. */
  token: string;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLock {
  content: DataDirLockContent;
  /** The stale lock this one replaced (its owner had gone), if any. */
  replaced: DataDirLockContent | undefined;
  /** Whether the lock file still names this holder (nobody took it over). */
  stillHeld(): boolean;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

/** `<boot id>:<start ticks>` of a running process, or null when unknown (no /proc) or gone. */
export function processStartedAt(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // Field 22 (starttime) is the 20th after the command name.
    return `${bootId}:${fields[19]}`;
  } catch {
    return null;
  }
}

/** A zombie has exited; only its parent has not collected it yet. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** Whether `pid` names a process that exists (EPERM: it exists, owned by someone else). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's owner still runs. A live pid whose start time differs is
 * another process that reused the number: the owner is gone. Without /proc
 * the start time cannot be compared, and a live pid counts as the owner.
 */
export function lockOwnerAlive(lock: DataDirLockContent): boolean {
  if (!processExists(lock.pid)) return false;
  if (lock.startedAt === null) return true;
  const current = processStartedAt(lock.pid);
  return current === null || current === lock.startedAt;
}

export function readDataDirLock(dataDir: string): DataDirLockContent | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<DataDirLockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.token !== 'string') return undefined;
    return {
      pid: parsed.pid,
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : null,
      role: typeof parsed.role === 'string' ? parsed.role : 'server',
      token: parsed.token,
    };
  } catch {
    return undefined;
  }
}

/** The live owner of `dataDir`, if a live process holds its lock. */
export function liveDataDirOwner(dataDir: string): DataDirLockContent | undefined {
  const lock = readDataDirLock(dataDir);
  return lock && lockOwnerAlive(lock) ? lock : undefined;
}

const describeOwner = (lock: DataDirLockContent) =>
  lock.role === 'seed' ? `\`npm run seed\` (pid ${lock.pid})` : `another running Lendloop server (pid ${lock.pid})`;

/** How long a half-written lock file or an abandoned takeover guard may exist before it counts as stale. */
const STALE_GUARD_MS = 10_000;

/**
 * Takes `DATA_DIR/server.lock` for this process, or throws DataDirInUseError
 * while a live process holds it. A lock whose owner is gone is replaced under
 * a takeover guard (an atomic mkdir) and atomically (rename over it), so two
 * starts that both find it stale cannot both win: the lock file never goes
 * missing, and the loser then sees the winner's live lock and is refused.
 */
export async function acquireDataDirLock(dataDir: string, role: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const guardPath = `${lockPath}.takeover`;
  const content: DataDirLockContent = {
    pid: process.pid,
    startedAt: processStartedAt(process.pid),
    role,
    token: randomUUID(),
  };
  const text = `${JSON.stringify(content)}\n`;
  const held = () => readDataDirLock(dataDir)?.token === content.token;
  const lock = (replaced: DataDirLockContent | undefined): DataDirLock => ({
    content,
    replaced,
    stillHeld: held,
    release() {
      if (held()) unlinkSync(lockPath);
    },
  });

  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      writeFileSync(lockPath, text, { flag: 'wx', mode: 0o600 });
      return lock(undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const existing = readDataDirLock(dataDir);
    if (existing && lockOwnerAlive(existing)) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is already used by ${describeOwner(existing)}. ` +
          'Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.',
      );
    }
    // Unreadable: possibly being written this very moment; stale once it is old.
    if (!existing && ageMs(lockPath) < STALE_GUARD_MS) {
      await sleep(50);
      continue;
    }
    if (!takeGuard(guardPath)) {
      await sleep(50);
      continue;
    }
    try {
      const again = readDataDirLock(dataDir);
      if (again?.token !== existing?.token) continue;
      // Replaced in one step (rename over it), never removed first: a lock file
      // that vanished for a moment would let a start that skips the guard
      // (the `wx` write above) take the folder as free, without stopping the
      // orphaned PostgreSQL, while this one went on to take it as well.
      const tempPath = `${lockPath}.${content.token}.tmp`;
      try {
        writeFileSync(tempPath, text, { flag: 'wx', mode: 0o600 });
        renameSync(tempPath, lockPath);
      } catch (error) {
        rmSync(tempPath, { force: true });
        throw error;
      }
      return lock(existing);
    } finally {
      removeGuard(guardPath);
    }
  }
  throw new DataDirInUseError(`The data folder ${dataDir} is locked: could not take ${lockPath}.`);
}

function takeGuard(guardPath: string): boolean {
  try {
    mkdirSync(guardPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A holder that died inside the guard would block every start: its guard expires.
    if (ageMs(guardPath) > STALE_GUARD_MS) removeGuard(guardPath);
    return false;
  }
}

function removeGuard(guardPath: string): void {
  try {
    rmdirSync(guardPath);
  } catch {
    // Already gone (expired and removed by another start): nothing to release.
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
