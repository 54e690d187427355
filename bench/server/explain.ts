import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { groupPlans, parsePlans } from './explain-log';
import { explainMarkdown, type EndpointPlans } from './explain-report';
import type { OutgoingRequest, Scenario } from './scenarios';

/**
 * `--explain` (issue 20 part 2): EXPLAIN (ANALYZE, BUFFERS) of every
 * statement the app runs for each endpoint, with the plan PostgreSQL really
 * uses (a prepared statement's cached generic plan, or the custom plan made
 * for the call). `auto_explain` is preloaded into the bench's cluster
 * (database.ts) but stays off during the measured runs: this phase, after
 * them, turns it on (ALTER SYSTEM + reload: the app's open connections pick
 * it up), sends each endpoint's requests one at a time, and reads the plans
 * from PostgreSQL's log between two markers.
 */

/** Requests per endpoint before its window (the load run before already brought every connection to its steady plans). */
export const WARMUP_REQUESTS = 10;
/** Requests per endpoint whose plans are kept. */
export const EXPLAINED_REQUESTS = 5;
/** Wait after the last request, so work it set off (the job worker's) lands in its window and not the next one. */
const SETTLE_MS = 750;
const MARKER_TIMEOUT_MS = 15_000;

const AUTO_EXPLAIN: Record<string, string> = {
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'on',
  'auto_explain.log_triggers': 'on',
  // VERBOSE shows a generic plan's $n even where only a node's output uses it (an INSERT's values).
  'auto_explain.log_verbose': 'on',
  'auto_explain.log_nested_statements': 'on',
  'auto_explain.log_format': 'text',
  'auto_explain.log_parameter_max_length': '48',
};

/** The cluster's stderr, kept as it arrives (startEmbeddedPostgres's onLog). */
export class PostgresLog {
  private text = '';
  private readonly waiters = new Set<() => void>();

  append(chunk: string): void {
    this.text += chunk;
    for (const wake of this.waiters) wake();
  }

  get length(): number {
    return this.text.length;
  }

  slice(from: number, to?: number): string {
    return this.text.slice(from, to);
  }

  /** Resolves with the index of `needle`'s first occurrence at or after `from`, once it has been logged. */
  async waitFor(needle: string, from: number, timeoutMs = MARKER_TIMEOUT_MS): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.text.indexOf(needle, from);
      if (at >= 0) return at;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`PostgreSQL did not log "${needle}" within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 250));
        this.waiters.add(done);
      });
    }
  }
}

export interface ExplainPhaseInput {
  databaseUrl: string;
  log: PostgresLog;
  origin: string;
  scenarios: Scenario[];
  startedAt: Date;
  postgres: string;
  items: number;
  resultsDir: string;
  progress(message: string): void;
}

/** Runs the phase and writes `<time>-server-explain.md` and the raw log beside it; returns the Markdown file. */
export async function runExplainPhase(input: ExplainPhaseInput): Promise<string> {
  const stamp = input.startedAt.toISOString().replace(/[:.]/g, '-');
  const markdownFile = path.join(input.resultsDir, `${stamp}-server-explain.md`);
  const rawFile = path.join(input.resultsDir, `${stamp}-server-explain.log`);
  const control = new pg.Client({ connectionString: input.databaseUrl, application_name: 'lendloop-bench-explain' });
  await control.connect();
  const raw: string[] = [];
  const endpoints: EndpointPlans[] = [];
  try {
    // The phase's own statements (markers, settings) stay out of the log.
    await control.query('SET auto_explain.log_min_duration = -1');
    await setAutoExplain(control, input.log, true);
    for (const scenario of input.scenarios) {
      const endpoint = await explainEndpoint(control, input, scenario, raw);
      endpoints.push(endpoint);
      const calls = endpoint.statements.reduce((sum, statement) => sum + statement.callsPerRequest, 0);
      input.progress(
        endpoint.skipped
          ? `explain ${scenario.name}: skipped (${endpoint.skipped})`
          : `explain ${scenario.name}: ${endpoint.statements.length} statements, ${calls.toFixed(2)} calls per request`,
      );
    }
  } finally {
    await setAutoExplain(control, input.log, false).catch(() => undefined);
    await control.end();
  }
  const markdown = explainMarkdown({
    startedAt: input.startedAt.toISOString(),
    revision: await revision(),
    postgres: input.postgres,
    items: input.items,
    warmupRequests: WARMUP_REQUESTS,
    rawLog: path.basename(rawFile),
    endpoints,
  });
  await mkdir(input.resultsDir, { recursive: true });
  await writeFile(rawFile, raw.join(''));
  await writeFile(markdownFile, markdown);
  return markdownFile;
}

async function explainEndpoint(
  control: pg.Client,
  input: ExplainPhaseInput,
  scenario: Scenario,
  raw: string[],
): Promise<EndpointPlans> {
  const base = { name: scenario.name, label: scenario.label, requests: 0, statusCodes: {}, seconds: 0, statements: [] };
  const needed = WARMUP_REQUESTS + EXPLAINED_REQUESTS;
  const left = scenario.remaining?.();
  if (left !== undefined && left < needed) return { ...base, skipped: `${left} inputs left, ${needed} needed` };
  // Request numbers far from the load run's, so reads rotate through the same users in the same way.
  let next = 1_000_000;
  for (let i = 0; i < WARMUP_REQUESTS; i++) await send(input.origin, scenario.request(next++));
  // The warm-up's background work (push jobs) finishes before the window opens.
  await sleep(SETTLE_MS);

  const begin = `lendloop-explain begin ${scenario.name}`;
  const end = `lendloop-explain end ${scenario.name}`;
  const from = input.log.length;
  await mark(control, begin);
  const started = await input.log.waitFor(begin, from);
  const startedAt = performance.now();
  const statusCodes: Record<string, number> = {};
  for (let i = 0; i < EXPLAINED_REQUESTS; i++) {
    const status = String(await send(input.origin, scenario.request(next++)));
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  await sleep(SETTLE_MS);
  await mark(control, end);
  const ended = await input.log.waitFor(end, started);
  // The whole lines after the begin marker's line and before the end marker's.
  const between = input.log.slice(started, ended);
  const windowText = between.slice(between.indexOf('\n') + 1, between.lastIndexOf('\n') + 1);
  raw.push(`===== ${scenario.name}: ${scenario.label} =====\n`, windowText);
  const statements = groupPlans(parsePlans(windowText), EXPLAINED_REQUESTS);
  return { ...base, requests: EXPLAINED_REQUESTS, statusCodes, seconds, statements };
}

async function send(origin: string, request: OutgoingRequest): Promise<number> {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** A line in PostgreSQL's log (the markers are fixed text and scenario names: nothing to escape). */
async function mark(control: pg.Client, text: string): Promise<void> {
  if (!/^[a-z -]+$/.test(text)) throw new Error(`Unsafe marker ${text}`);
  await control.query(`DO $$ BEGIN RAISE LOG '${text}'; END $$`);
}

/**
 * ALTER SYSTEM writes postgresql.auto.conf; the reload makes every backend,
 * the app's pooled connections included, read it before its next statement.
 * The postmaster logs each changed parameter before it signals the backends.
 */
async function setAutoExplain(control: pg.Client, log: PostgresLog, on: boolean): Promise<void> {
  for (const [name, value] of Object.entries(AUTO_EXPLAIN)) {
    await control.query(on ? `ALTER SYSTEM SET ${name} = '${value}'` : `ALTER SYSTEM RESET ${name}`);
  }
  const from = log.length;
  await control.query('SELECT pg_reload_conf()');
  const parameter = 'parameter "auto_explain.log_min_duration"';
  await log.waitFor(on ? `${parameter} changed to "0"` : `${parameter} removed from configuration file`, from);
  // The backends handle the postmaster's signal in their own time; give them a moment.
  await sleep(300);
}

/** The commit the server was built from, and whether src/ held uncommitted changes (the bundle includes them). */
async function revision(): Promise<string> {
  const git = (...args: string[]) => promisify(execFile)('git', args).then(({ stdout }) => stdout.trim());
  try {
    const [head, changed] = await Promise.all([
      git('rev-parse', '--short', 'HEAD'),
      git('status', '--porcelain', '--', 'src'),
    ]);
    return changed === '' ? head : `${head} + uncommitted changes in src/`;
  } catch {
    return 'unknown';
  }
}
