import type pg from 'pg';
import { cpuPerRequest, cpuSnapshot } from './cpu-usage';
import { drive } from './load';
import type { BenchOptions } from './options';
import type { EndpointMeasurement } from './report';
import type { OutgoingRequest, Scenario } from './scenarios';
import { readStatements, resetStatements } from './statement-stats';

const log = (message: string) => console.error(`[bench] ${message}`);

/**
 * Drives one endpoint: warm-up, then the measured run with the server's and
 * PostgreSQL's CPU per request, then a single-connection run for latency.
 */
export async function measure(
  options: BenchOptions,
  origin: string,
  pids: { server: number | undefined; postmaster: number | null },
  label: string,
  request: (i: number) => OutgoingRequest,
  scenario?: Pick<Scenario, 'remaining'>,
  statementsOf?: pg.Pool,
): Promise<EndpointMeasurement> {
  const run = (seconds: number, connections: number) =>
    drive({ origin, connections, seconds, request, maxRequests: scenario?.remaining?.() });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds, options.connections);
  if (statementsOf) await resetStatements(statementsOf);
  const before = await cpuSnapshot(pids);
  const startMicros = monotonicMicros();
  const measurement = await run(options.durationSeconds, options.connections);
  const window = { startMicros, endMicros: monotonicMicros() };
  const cpu = cpuPerRequest(before, await cpuSnapshot(pids), measurement.requests);
  const statements = statementsOf ? await readStatements(statementsOf, measurement.requests) : undefined;
  const left = scenario?.remaining?.();
  const single = left === undefined || left > 0 ? await run(options.singleConnectionSeconds, 1) : null;
  const ms = (value: number | null) => (value === null ? '?' : value.toFixed(2));
  log(
    `${label}: ${measurement.requestsPerSecond.toFixed(0)} req/s, p50 ${measurement.latency.p50} ms, ` +
      `p99 ${measurement.latency.p99} ms, errors ${measurement.errors}; CPU per request ${ms(cpu.server)} server + ` +
      `${ms(cpu.postgres)} PostgreSQL + ${ms(cpu.loadGenerator)} load ms` +
      (single ? `; one connection: p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms` : ''),
  );
  return { ...measurement, cpuPerRequest: cpu, singleConnection: single, window, statements };
}

/** CLOCK_MONOTONIC in microseconds, the clock V8 stamps its CPU profile samples with. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
