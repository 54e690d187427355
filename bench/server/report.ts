import { statementsMarkdown, type StatementFigure } from './statement-stats';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CpuPerRequest } from './cpu-usage';
import type { StepTiming } from './dataset';
import { analysisMarkdown, type AnalysisMeasurement } from './analysis';
import { exportMarkdown, type ExportMeasurement } from './export';
import { pushMarkdown, type PushMeasurement } from './push';
import { startupMarkdown, type StartupMeasurement } from './startup';
import { liveMarkdown, type LiveMeasurement } from './live-report';
import type { Measurement } from './load';
import type { BenchOptions } from './options';

/** Issue 7's budgets. */
export const BUDGETS = {
  readP99Ms: 50,
  writeP99Ms: 100,
  errors: 0,
  /** Mean latency of Available Items at the large size over the small size. */
  availableGrowth: 1.5,
} as const;

/** One endpoint's figures: the load run, what it cost in CPU, and its latency alone. */
export interface EndpointMeasurement extends Measurement {
  /** CPU per answered request during the measured seconds at full load. */
  cpuPerRequest: CpuPerRequest;
  /**
   * The same requests over a single connection right after the load run:
   * the latency of a request that never waits behind another.
   */
  singleConnection: Measurement | null;
  /**
   * When the measured seconds ran, in microseconds of the machine's
   * monotonic clock: the clock of V8's CPU profiles, so `npm run
   * bench:layers` can tell each endpoint's samples apart in one profile.
   */
  window: { startMicros: number; endMicros: number };
  /** With --statements: the statements that took the most PostgreSQL time (statement-stats.ts). */
  statements?: StatementFigure[];
}

export interface EndpointResult extends EndpointMeasurement {
  name: string;
  label: string;
  kind: 'read' | 'write';
  ratioToCeiling: number;
  budget: { p99Ms: number; p99Met: boolean; errorsMet: boolean };
  /** One failing request sent by hand, when there were errors. */
  failureSample?: string;
}

export interface ScalingResult {
  small: EndpointMeasurement & { items: number };
  large: EndpointMeasurement & { items: number };
  /** Large over small. */
  growth: { mean: number; p50: number; p99: number };
  budget: { maxGrowth: number; met: boolean };
}

export interface GenerationPhase {
  phase: string;
  /** Including ANALYZE afterwards. */
  seconds: number;
  steps: StepTiming[];
}

export interface BenchReport {
  benchmark: 'server';
  mode: BenchOptions['mode'];
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    postgres: string;
    /** `SHOW shared_buffers` of the run's cluster. */
    postgresSharedBuffers: string;
    platform: string;
    /** 1, 5 and 15 minute load averages: other work on the machine skews the figures. */
    loadAverage: { start: number[]; end: number[] };
  };
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    signedInUsers: number;
    /** --postgres: settings over the app's own for this run. */
    postgresSettings: Record<string, string>;
  };
  dataset: {
    rows: Record<string, number>;
    /** Each load with its statements; the last one grows the data after the main run. */
    generation: GenerationPhase[];
    lendingPairs: number;
  };
  ceiling: EndpointMeasurement;
  endpoints: EndpointResult[];
  scaling: ScalingResult | null;
  /** The account export's figure (null when --only left it out). */
  export: ExportMeasurement | null;
  /** The photo analysis' figures (null when --only left it out). */
  analysis: AnalysisMeasurement | null;
  /** Event → push figure (null when --only left it out). */
  push?: PushMeasurement | null;
  /** Message → receiver's live event, one and two instances (null when --only left it out). */
  live?: LiveMeasurement | null;
  /** Spawn → first 200 on `/` and idle memory of the built tree (null when --only left it out). */
  startup?: StartupMeasurement | null;
  budgetsMet: { latency: boolean; errors: boolean; scaling: boolean | null };
}

export function endpointResult(
  scenario: { name: string; label: string; kind: 'read' | 'write' },
  measurement: EndpointMeasurement,
  ceiling: Measurement,
): EndpointResult {
  const p99Ms = scenario.kind === 'read' ? BUDGETS.readP99Ms : BUDGETS.writeP99Ms;
  return {
    ...scenario,
    ...measurement,
    ratioToCeiling: ceiling.requestsPerSecond > 0 ? measurement.requestsPerSecond / ceiling.requestsPerSecond : 0,
    budget: { p99Ms, p99Met: measurement.latency.p99 <= p99Ms, errorsMet: measurement.errors <= BUDGETS.errors },
  };
}

export function scalingResult(
  small: EndpointMeasurement & { items: number },
  large: EndpointMeasurement & { items: number },
): ScalingResult {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const growth = {
    mean: ratio(large.latency.mean, small.latency.mean),
    p50: ratio(large.latency.p50, small.latency.p50),
    p99: ratio(large.latency.p99, small.latency.p99),
  };
  return {
    small,
    large,
    growth,
    budget: { maxGrowth: BUDGETS.availableGrowth, met: growth.mean <= BUDGETS.availableGrowth },
  };
}

const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mark = (met: boolean) => (met ? 'ok' : '**MISSED**');

function cpuColumns(cpu: CpuPerRequest, cores: number): string {
  if (cpu.server === null || cpu.postgres === null || cpu.total === null) {
    return `? + ? + ${cpu.loadGenerator.toFixed(2)} (no /proc) | ?`;
  }
  const bound = cpu.total > 0 ? fixed((cores * 1000) / cpu.total) : '?';
  return `${cpu.server.toFixed(2)} + ${cpu.postgres.toFixed(2)} + ${cpu.loadGenerator.toFixed(2)} = ${cpu.total.toFixed(2)} | ${bound}`;
}

const singleColumn = (single: Measurement | null) =>
  single ? `${single.latency.p50} / ${single.latency.p99}` : 'no inputs left';

export function toMarkdown(report: BenchReport): string {
  const { machine, settings, dataset, ceiling } = report;
  const lines: string[] = [];
  lines.push(`# Server benchmark (${report.mode}), ${report.startedAt}`);
  lines.push('');
  lines.push(
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${fixed(machine.memoryGiB)} GiB, Node ${machine.node}, ` +
      `PostgreSQL ${machine.postgres} (embedded), ${machine.platform}. Load average at start ` +
      `${machine.loadAverage.start.map((v) => v.toFixed(2)).join(' / ')}, at end ` +
      `${machine.loadAverage.end.map((v) => v.toFixed(2)).join(' / ')} (1 / 5 / 15 min).`,
  );
  lines.push('');
  lines.push(
    `Load: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s per endpoint after ` +
      `${settings.warmupSeconds} s of warm-up, requests rotating over ${settings.signedInUsers} signed-in users.`,
  );
  const overrides = Object.entries(settings.postgresSettings);
  lines.push('');
  lines.push(
    `PostgreSQL: shared_buffers ${machine.postgresSharedBuffers}` +
      (overrides.length > 0
        ? `; --postgres over the app's settings: ${overrides.map(([name, value]) => `${name}=${value}`).join(', ')}.`
        : " (the app's embedded settings)."),
  );
  lines.push('');
  const rows = Object.entries(dataset.rows)
    .map(([table, count]) => `${table} ${fixed(count)}`)
    .join(', ');
  lines.push(`Data set (main run): ${rows}.`);
  lines.push('');
  lines.push(
    `Generation: ${dataset.generation.map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`).join('; ')} ` +
      '(set-based inserts, then ANALYZE).',
  );
  lines.push('');
  lines.push(
    `Ceiling (Fastify hello world, same machine and settings): **${fixed(ceiling.requestsPerSecond)} req/s**, ` +
      `p50 ${ceiling.latency.p50} ms, p99 ${ceiling.latency.p99} ms, errors ${ceiling.errors}; CPU ms per request ` +
      `${cpuColumns(ceiling.cpuPerRequest, machine.cpus).replace(' | ', ', CPU-bound req/s ')}.`,
  );
  lines.push('');
  lines.push(
    '| Endpoint | req/s | × ceiling | mean ms | p50 ms | p99 ms | p99 budget | errors | result | ' +
      'CPU ms per request: server + PostgreSQL + load = total | CPU-bound req/s | one connection p50 / p99 ms |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const e of report.endpoints) {
    const met = e.budget.p99Met && e.budget.errorsMet;
    lines.push(
      `| ${e.label} | ${fixed(e.requestsPerSecond)} | ${e.ratioToCeiling.toFixed(3)} | ${e.latency.mean.toFixed(1)} | ` +
        `${e.latency.p50} | ${e.latency.p99} | ≤ ${e.budget.p99Ms} | ${e.errors} | ` +
        `${met ? 'ok' : `**MISSED** (${[!e.budget.p99Met && 'p99', !e.budget.errorsMet && 'errors'].filter(Boolean).join(', ')})`} | ` +
        `${cpuColumns(e.cpuPerRequest, machine.cpus)} | ${singleColumn(e.singleConnection)} |`,
    );
  }
  lines.push('');
  lines.push(
    'CPU ms per request: user + system time of the server process, of PostgreSQL (postmaster and all its ' +
      'processes) and of the load generator during the measured seconds, divided by the answers (Linux /proc, ' +
      '10 ms resolution). CPU-bound req/s: what the cores could answer if they did nothing else, ' +
      `${machine.cpus} × 1,000 ms ÷ total. At ${settings.connections} connections the mean latency is ` +
      `${settings.connections} ÷ req/s, and p99 is practically never below the mean: a p99 of ${BUDGETS.readP99Ms} ms needs at least ` +
      `${fixed(settings.connections / (BUDGETS.readP99Ms / 1000))} req/s. One connection: the same ` +
      'requests one at a time, right after the load run (no queueing).',
  );
  const statements = statementsMarkdown(report.endpoints);
  if (statements.length > 0) lines.push('', ...statements);
  const failures = report.endpoints.filter((e) => e.errors > 0);
  if (failures.length > 0) {
    lines.push('');
    lines.push('Errors:');
    for (const e of failures) {
      const codes = Object.entries(e.statusCodes)
        .map(([code, count]) => `${code}×${count}`)
        .join(', ');
      lines.push(`- ${e.name}: status codes ${codes}, timeouts ${e.timeouts}. ${e.failureSample ?? ''}`.trimEnd());
    }
  }
  if (report.scaling) {
    const { small, large, growth, budget } = report.scaling;
    lines.push('');
    lines.push('Available Items (first page) as the data grows:');
    lines.push('');
    lines.push('| Items | req/s | mean ms | p50 ms | p99 ms | errors |');
    lines.push('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const m of [small, large]) {
      lines.push(
        `| ${fixed(m.items)} | ${fixed(m.requestsPerSecond)} | ${m.latency.mean.toFixed(1)} | ${m.latency.p50} | ` +
          `${m.latency.p99} | ${m.errors} |`,
      );
    }
    lines.push('');
    lines.push(
      `Growth ${fixed(large.items)} / ${fixed(small.items)} items: mean latency ×${growth.mean.toFixed(2)} ` +
        `(budget ≤ ×${budget.maxGrowth}: ${mark(budget.met)}), p50 ×${growth.p50.toFixed(2)}, p99 ×${growth.p99.toFixed(2)}.`,
    );
  }
  if (report.export) {
    lines.push('');
    lines.push(...exportMarkdown(report.export));
  }
  if (report.analysis) {
    lines.push('');
    lines.push(...analysisMarkdown(report.analysis));
  }
  if (report.push) {
    lines.push('');
    lines.push(...pushMarkdown(report.push));
  }
  if (report.live) {
    lines.push('');
    lines.push(...liveMarkdown(report.live));
  }
  if (report.startup) {
    lines.push('');
    lines.push(...startupMarkdown(report.startup));
  }
  lines.push('');
  const { latency, errors, scaling } = report.budgetsMet;
  lines.push(
    `Budgets: latency ${mark(latency)}, errors ${mark(errors)}` +
      (scaling === null ? '' : `, growth ${mark(scaling)}`) +
      (report.mode === 'smoke' ? ' (smoke run: a tiny data set; only the error budget counts).' : '.'),
  );
  return lines.join('\n') + '\n';
}

/** bench/results/<timestamp>-server.json and .md (the client benchmark writes beside them). */
export async function writeReport(root: string, report: BenchReport): Promise<{ json: string; markdown: string }> {
  const dir = path.join(root, 'bench/results');
  await mkdir(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const json = path.join(dir, `${stamp}-server.json`);
  const markdown = path.join(dir, `${stamp}-server.md`);
  await writeFile(json, JSON.stringify(report, null, 2) + '\n');
  await writeFile(markdown, toMarkdown(report));
  return { json, markdown };
}
