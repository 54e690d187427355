import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU time each side of a measurement spent, read from Linux's /proc: the
 * server process, PostgreSQL (the postmaster and every backend it forked)
 * and the load generator (autocannon runs inside this process). Divided by
 * the answered requests it says what one request costs, which is what
 * decides how many requests per second two cores can answer at all — and
 * so the latency at 50 connections (docs/performance.md).
 *
 * On other systems (no /proc) every figure is null and the report says so.
 */
export interface CpuSnapshot {
  /** Milliseconds of user + system time, or null where /proc is missing. */
  server: number | null;
  postgres: number | null;
  loadGenerator: number;
}

export interface CpuPerRequest {
  /** Milliseconds of CPU per answered request. */
  server: number | null;
  postgres: number | null;
  loadGenerator: number;
  total: number | null;
}

/**
 * /proc/<pid>/stat counts in clock ticks of 1/100 s: USER_HZ is 100 on every
 * Linux architecture Node supports, whatever the kernel's own tick rate.
 */
const MS_PER_TICK = 10;

interface ProcStat {
  parentPid: number;
  /** utime + stime, in ms. */
  cpuMs: number;
  /** cutime + cstime, in ms: the CPU of its children that have exited and been reaped. */
  exitedChildrenCpuMs: number;
}

async function readStat(pid: number): Promise<ProcStat | null> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may contain spaces and parentheses: split after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state (3), ppid (4), …, utime (14), stime (15), cutime (16), cstime (17);
  // fields[0] is field 3.
  const parentPid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  const childTicks = Number(fields[13]) + Number(fields[14]);
  if (!Number.isFinite(ticks) || !Number.isFinite(childTicks)) return null;
  return { parentPid, cpuMs: ticks * MS_PER_TICK, exitedChildrenCpuMs: childTicks * MS_PER_TICK };
}

/**
 * The postmaster and its children: backends, autovacuum, WAL writer,
 * checkpointer. A child that exits during the run (an autovacuum worker, a
 * pool connection closing) leaves the live list but its whole CPU time moves
 * into the postmaster's cutime/cstime, so the difference stays right.
 */
async function postgresCpuMs(postmasterPid: number): Promise<number | null> {
  const postmaster = await readStat(postmasterPid);
  if (!postmaster) return null;
  let total = postmaster.cpuMs + postmaster.exitedChildrenCpuMs;
  const entries = await readdir('/proc');
  const children = await Promise.all(
    entries.filter((name) => /^\d+$/.test(name)).map((name) => readStat(Number(name))),
  );
  for (const child of children) if (child?.parentPid === postmasterPid) total += child.cpuMs;
  return total;
}

export async function cpuSnapshot(pids: {
  server: number | undefined;
  postmaster: number | null;
}): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  const [server, postgres] = await Promise.all([
    pids.server === undefined ? null : readStat(pids.server).then((stat) => stat?.cpuMs ?? null),
    // No postmaster: a measurement without a database (the hello-world ceiling) costs it nothing.
    pids.postmaster === null ? 0 : postgresCpuMs(pids.postmaster),
  ]);
  return { server, postgres, loadGenerator: (usage.user + usage.system) / 1000 };
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const per = (a: number | null, b: number | null) =>
    a === null || b === null || requests === 0 ? null : (b - a) / requests;
  const server = per(before.server, after.server);
  const postgres = per(before.postgres, after.postgres);
  const loadGenerator = requests === 0 ? 0 : (after.loadGenerator - before.loadGenerator) / requests;
  return {
    server,
    postgres,
    loadGenerator,
    total: server === null || postgres === null ? null : server + postgres + loadGenerator,
  };
}

/** The postmaster's pid: the parent of any backend (a backend exiting later does not matter). */
export async function postmasterPidOf(backendPid: number): Promise<number | null> {
  const stat = await readStat(backendPid);
  return stat?.parentPid ?? null;
}
