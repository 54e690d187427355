import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { baseEnv, freePort, root } from './processes';

/**
 * Start-up of the built tree (issue 20 part 5): from spawning the server the
 * way `npm start` does to the first 200 on `/`, on a fresh DATA_DIR (initdb
 * and every migration) and on an existing one (the normal restart), then the
 * memory it holds once idle. scripts/start.mjs runs
 * `node --enable-source-maps dist/server/main.js` with NODE_ENV=production
 * after its build check; the same node command is spawned here directly, so
 * npm's own start-up (~0.3 s) and the build check are not counted.
 */

/** Issue 20's targets. */
export const STARTUP_TARGETS = { seconds: 3, idleRssMiB: 200 } as const;

/** The server's start-up phases, in order (the debug lines of src/server/main.ts). */
const PHASES = ['modules', 'postgres', 'server modules', 'database', 'migrations', 'app', 'listen', 'jobs'] as const;
type Phase = (typeof PHASES)[number];

export interface StartupRun {
  /** Spawn → first 200 on `/`. */
  seconds: number;
  /** Milliseconds from the spawn to the end of each phase, as the server logged it. */
  phases: Partial<Record<Phase, number>>;
  /** Resident memory of the server process (all its threads) after the idle wait. */
  serverRssMiB: number | null;
  /** The embedded PostgreSQL's processes: resident memory summed (shared buffers count once per process) and PSS summed. */
  postgres: { processes: number; rssMiB: number; pssMiB: number | null };
  /** SIGTERM → exit, with the exit code; and whether PostgreSQL's processes were gone after it. */
  stopSeconds: number;
  exitCode: number | null;
  postgresGone: boolean;
}

export interface StartupCase {
  name: 'cold' | 'warm';
  label: string;
  runs: StartupRun[];
  seconds: Summary;
  serverRssMiB: Summary | null;
  postgresRssMiB: Summary;
  postgresPssMiB: Summary | null;
  /** Median milliseconds from the spawn to the end of each phase. */
  phases: Partial<Record<Phase, number>>;
}

export interface StartupMeasurement {
  command: string;
  idleSeconds: number;
  cases: StartupCase[];
  loadAverage: { start: number[]; end: number[] };
  targets: typeof STARTUP_TARGETS;
  /** Per case: the first start on a fresh DATA_DIR, and a restart. */
  met: { coldSeconds: boolean; warmSeconds: boolean; idleRss: boolean; cleanStops: boolean };
}

interface Summary {
  p50: number;
  max: number;
}

const SERVER_ARGS = ['--enable-source-maps', path.join(root, 'dist/server/main.js')];
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** `npm start`'s own build check (scripts/build-if-outdated.mjs): builds dist/ only when it is missing or stale. */
function ensureBuiltTree(log: (message: string) => void): void {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import('./scripts/build-if-outdated.mjs').then((m) => m.buildIfOutdated({ stdio: ['ignore', 2, 2], log: console.error }))",
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`building dist/ failed (exit ${result.status ?? result.signal})`);
  if (!existsSync(path.join(root, 'dist/client/index.html'))) throw new Error('dist/client/index.html is missing');
  log(`built tree checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function measureStartup(options: {
  runs: number;
  idleSeconds: number;
  log: (message: string) => void;
}): Promise<StartupMeasurement> {
  const { log } = options;
  ensureBuiltTree(log);
  const loadAtStart = loadavg();
  const cold: StartupRun[] = [];
  const warm: StartupRun[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lendloop-bench-startup-'));
    try {
      // The cold start leaves an initialised, migrated DATA_DIR behind: the warm start restarts on it.
      for (const [name, runs] of [
        ['cold', cold],
        ['warm', warm],
      ] as const) {
        const result = await startOnce(dataDir, options.idleSeconds);
        runs.push(result);
        log(
          `startup ${name} ${run}/${options.runs}: first 200 on / after ${result.seconds.toFixed(2)} s; idle RSS ` +
            `server ${mib(result.serverRssMiB)} MiB, PostgreSQL ${mib(result.postgres.rssMiB)} MiB ` +
            `(${result.postgres.processes} processes, PSS ${mib(result.postgres.pssMiB)} MiB); ` +
            `stopped in ${result.stopSeconds.toFixed(2)} s, exit ${result.exitCode}`,
        );
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const cases = [
    summarizeCase('cold', 'fresh DATA_DIR (initdb + migrations)', cold),
    summarizeCase('warm', 'existing DATA_DIR (restart)', warm),
  ];
  const all = [...cold, ...warm];
  return {
    command: `node ${SERVER_ARGS.map((arg) => path.relative(root, arg) || arg).join(' ')} (NODE_ENV=production)`,
    idleSeconds: options.idleSeconds,
    cases,
    loadAverage: { start: loadAtStart, end: loadavg() },
    targets: STARTUP_TARGETS,
    met: {
      coldSeconds: cold.length > 0 && summarize(cold.map((r) => r.seconds)).p50 <= STARTUP_TARGETS.seconds,
      warmSeconds: warm.length > 0 && summarize(warm.map((r) => r.seconds)).p50 <= STARTUP_TARGETS.seconds,
      idleRss: cases.every((c) => c.serverRssMiB !== null && c.serverRssMiB.p50 <= STARTUP_TARGETS.idleRssMiB),
      cleanStops: all.every((r) => r.exitCode === 0 && r.postgresGone),
    },
  };
}

async function startOnce(dataDir: string, idleSeconds: number): Promise<StartupRun> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...baseEnv(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    // For the phase lines; a start logs a few dozen lines at this level.
    LOG_LEVEL: 'debug',
  };
  const spawnedAt = Date.now();
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const phases: Partial<Record<Phase, number>> = {};
  const tail: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const phase = phaseOf(line);
      if (phase) phases[phase.name] = phase.time - spawnedAt;
      tail.push(line);
    }
    if (tail.length > 60) tail.splice(0, tail.length - 60);
  });
  child.stderr.on('data', (chunk: Buffer) => tail.push(chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  let seconds: number | null = null;
  while (seconds === null) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${tail.join('\n')}`);
    if (performance.now() - started > READY_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`no 200 on / within ${READY_TIMEOUT_MS / 1000} s:\n${tail.join('\n')}`);
    }
    const status = await fetch(`${origin}/`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => null,
    );
    if (status === 200) seconds = (performance.now() - started) / 1000;
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }

  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const pid = child.pid ?? 0;
  const serverRss = await statusKiB(pid);
  const postgresPids = await descendantsNamed(pid, 'postgres');
  const postgres = await sumMemory(postgresPids);

  const stopStarted = performance.now();
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  const exitCode = await exited;
  clearTimeout(killer);
  const stopSeconds = (performance.now() - stopStarted) / 1000;
  const alive = await Promise.all(postgresPids.map((p) => statusKiB(p).then((kib) => kib !== null)));
  if (exitCode !== 0) console.error(tail.join('\n'));
  return {
    seconds,
    phases,
    serverRssMiB: serverRss === null ? null : serverRss / 1024,
    postgres,
    stopSeconds,
    exitCode,
    postgresGone: !alive.includes(true),
  };
}

function phaseOf(line: string): { name: Phase; time: number } | null {
  if (!line.includes('start-up phase done')) return null;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const phase: unknown = Reflect.get(parsed, 'phase');
    const time: unknown = Reflect.get(parsed, 'time');
    const name = PHASES.find((known) => known === phase);
    return name && typeof time === 'number' ? { name, time } : null;
  } catch {
    return null;
  }
}

async function statusKiB(pid: number): Promise<number | null> {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function pssKiB(pid: number): Promise<number | null> {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Every process below `ancestor` whose command is `name` (the postmaster and the processes it forked). */
async function descendantsNamed(ancestor: number, name: string): Promise<number[]> {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const pid = Number(entry);
    names.set(pid, stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const below = (pid: number): boolean => {
    for (let parent = parents.get(pid); parent !== undefined && parent > 1; parent = parents.get(parent)) {
      if (parent === ancestor) return true;
    }
    return false;
  };
  return [...names].filter(([pid, command]) => command === name && below(pid)).map(([pid]) => pid);
}

async function sumMemory(pids: number[]): Promise<StartupRun['postgres']> {
  const rss = await Promise.all(pids.map(statusKiB));
  const pss = await Promise.all(pids.map(pssKiB));
  const sum = (values: (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0) / 1024;
  return { processes: pids.length, rssMiB: sum(rss), pssMiB: pss.includes(null) ? null : sum(pss) };
}

function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  // The lower median for an even count: a single slow run does not move it.
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

function summarizeCase(name: StartupCase['name'], label: string, runs: StartupRun[]): StartupCase {
  const known = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
  const serverRss = known(runs.map((r) => r.serverRssMiB));
  const pss = known(runs.map((r) => r.postgres.pssMiB));
  const phases: Partial<Record<Phase, number>> = {};
  for (const phase of PHASES) {
    const times = known(runs.map((r) => r.phases[phase] ?? null));
    if (times.length > 0) phases[phase] = summarize(times).p50;
  }
  return {
    name,
    label,
    runs,
    seconds: summarize(runs.map((r) => r.seconds)),
    serverRssMiB: serverRss.length > 0 ? summarize(serverRss) : null,
    postgresRssMiB: summarize(runs.map((r) => r.postgres.rssMiB)),
    postgresPssMiB: pss.length === runs.length ? summarize(pss) : null,
    phases,
  };
}

const ok = (met: boolean) => (met ? 'ok' : '**MISSED**');
const mib = (value: number | null) => (value === null ? '?' : value.toFixed(0));

export function startupMarkdown(result: StartupMeasurement): string[] {
  const { targets } = result;
  const lines = [
    `Start-up (\`${result.command}\`, spawned directly as \`npm start\` runs it after its build check, to the first ` +
      `200 on \`/\`; memory after ${result.idleSeconds} s idle; load average at start ` +
      `${result.loadAverage.start.map((v) => v.toFixed(2)).join(' / ')}):`,
    '',
    `| Start | runs | first 200 p50 / max s (≤ ${targets.seconds}) | server RSS p50 / max MiB (≤ ${targets.idleRssMiB}) | ` +
      'PostgreSQL RSS summed p50 / max MiB | PostgreSQL PSS summed p50 MiB | processes | stop max s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const c of result.cases) {
    const runs = c.runs.length;
    lines.push(
      `| ${c.label} | ${runs} | ${c.seconds.p50.toFixed(2)} / ${c.seconds.max.toFixed(2)} | ` +
        `${c.serverRssMiB ? `${mib(c.serverRssMiB.p50)} / ${mib(c.serverRssMiB.max)}` : '?'} | ` +
        `${mib(c.postgresRssMiB.p50)} / ${mib(c.postgresRssMiB.max)} | ${mib(c.postgresPssMiB?.p50 ?? null)} | ` +
        `${c.runs[0]?.postgres.processes ?? '?'} | ${Math.max(...c.runs.map((r) => r.stopSeconds)).toFixed(2)} |`,
    );
  }
  lines.push('');
  lines.push(`| Phase ends, ms after the spawn (p50) | ${result.cases.map((c) => c.name).join(' | ')} |`);
  lines.push(`| --- | ${result.cases.map(() => '---:').join(' | ')} |`);
  for (const phase of PHASES) {
    lines.push(`| ${phase} | ${result.cases.map((c) => c.phases[phase] ?? '?').join(' | ')} |`);
  }
  const { met } = result;
  lines.push('');
  lines.push(
    `Start-up targets (p50): time of a restart ${ok(met.warmSeconds)}, of the first start ${ok(met.coldSeconds)}, ` +
      `idle RSS ${ok(met.idleRss)}; ` +
      `every stop ${met.cleanStops ? 'exited 0 with its PostgreSQL gone' : '**did not exit cleanly**'}.`,
  );
  return lines;
}

/** `--only=startup` alone: bench/results/<timestamp>-startup.json and .md, beside the full runs' reports. */
export async function writeStartupReport(
  result: StartupMeasurement,
  startedAt: Date,
): Promise<{ json: string; markdown: string }> {
  const dir = path.join(root, 'bench/results');
  await mkdir(dir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const json = path.join(dir, `${stamp}-startup.json`);
  const markdown = path.join(dir, `${stamp}-startup.md`);
  await writeFile(
    json,
    JSON.stringify({ benchmark: 'startup', startedAt: startedAt.toISOString(), ...result }, null, 2) + '\n',
  );
  await writeFile(markdown, startupMarkdown(result).join('\n') + '\n');
  return { json, markdown };
}
