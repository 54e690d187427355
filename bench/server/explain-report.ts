import { shownPlan, topActual, topBuffers, type PlanKind, type StatementPlans } from './explain-log';

/** One endpoint's explain window (explain.ts). */
export interface EndpointPlans {
  name: string;
  label: string;
  /** Requests sent one at a time while auto_explain logged, and their status codes. */
  requests: number;
  statusCodes: Record<string, number>;
  seconds: number;
  statements: StatementPlans[];
  /** Why the endpoint was not explained (its inputs ran out), if it was not. */
  skipped?: string;
}

export interface ExplainRun {
  startedAt: string;
  /** The commit the server bundle was built from, noting uncommitted changes in src/. */
  revision: string;
  postgres: string;
  items: number;
  warmupRequests: number;
  rawLog: string;
  endpoints: EndpointPlans[];
}

const SHOWN_QUERY_LENGTH = 1_200;
const HEADING_QUERY_LENGTH = 90;
const CONTEXT_LENGTH = 120;

/** The last line of a CONTEXT: the outermost caller (a function), or the statement a trigger ran. */
const outermost = (context: string) => context.trim().split('\n').at(-1)?.trim() ?? context;

const shorten = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
const ms = (value: number) => value.toFixed(3);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** `generic 5/5`, `custom 3/5 · generic 2/5`, `no parameters`. */
export function kindSummary(kinds: Record<PlanKind, number>, calls: number): string {
  const parts = (['generic', 'custom'] as const)
    .filter((kind) => kinds[kind] > 0)
    .map((kind) => `${kind} plan ${kinds[kind]}/${calls}`);
  return parts.length > 0 ? parts.join(' · ') : 'no parameters';
}

function statementMarkdown(statement: StatementPlans, index: number): string[] {
  const { last } = statement;
  const facts = [
    `${statement.callsPerRequest.toFixed(2)} calls / request`,
    kindSummary(statement.kinds, statement.calls),
    `last ${ms(last.durationMs)} ms (median ${ms(median(statement.durationsMs))} ms over ${statement.calls})`,
    `top node: ${topActual(last.plan) ?? '?'}`,
    `buffers: ${topBuffers(last.plan) ?? 'none'}`,
    ...(last.context === null ? [] : [`nested, from: ${shorten(outermost(last.context), CONTEXT_LENGTH)}`]),
  ];
  return [
    `### ${index + 1}. \`${shorten(statement.query, HEADING_QUERY_LENGTH).replace(/`/g, "'")}\``,
    '',
    facts.join(' · '),
    '',
    '```sql',
    shorten(statement.query, SHOWN_QUERY_LENGTH),
    '```',
    '',
    '```text',
    ...(last.parameters === null ? [] : [`Query Parameters: ${last.parameters}`]),
    shownPlan(last.plan),
    '```',
    '',
  ];
}

export function explainMarkdown(run: ExplainRun): string {
  const lines = [
    `# EXPLAIN per endpoint: ${run.startedAt}`,
    '',
    `Code ${run.revision}, PostgreSQL ${run.postgres}, ${run.items.toLocaleString('en-US')} items ` +
      '(`npm run bench -- --explain`, bench/server/explain.ts).',
    '',
    `After the endpoint's load run and ${run.warmupRequests} more requests, the requests below went to the ` +
      'app one at a time while `auto_explain` logged every statement PostgreSQL executed (ANALYZE, BUFFERS, ' +
      'TIMING, TRIGGERS, VERBOSE, nested statements). Each statement shows its last plan, as PostgreSQL ran ' +
      "it: *generic* when the plan keeps the parameters as `$n` (a prepared statement's cached plan), " +
      '*custom* when the values are in it (planned for that call). Calls per request count every statement ' +
      "of the window, background work's (the job worker) included. VERBOSE's `Output:` lists are left out; " +
      `the raw log is \`${run.rawLog}\`. Execution ms / request sums each statement's median duration times its ` +
      "calls per request, for the statements the app sent: a nested one (run by a function or a foreign key's " +
      "trigger, marked *nested*) is in its caller's time. Inside a PL/pgSQL function a custom plan reads as " +
      "'no parameters' (its variables are not `$n`).",
    '',
    '| Endpoint | Requests | Statements | Calls / request | Execution ms / request |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const endpoint of run.endpoints) {
    const calls = endpoint.statements.reduce((sum, s) => sum + s.callsPerRequest, 0);
    const time = endpoint.statements
      .filter((s) => s.last.context === null)
      .reduce((sum, s) => sum + s.callsPerRequest * median(s.durationsMs), 0);
    lines.push(
      endpoint.skipped
        ? `| ${endpoint.name} | skipped: ${endpoint.skipped} | | | |`
        : `| ${endpoint.name} | ${endpoint.requests} | ${endpoint.statements.length} | ${calls.toFixed(2)} | ${ms(time)} |`,
    );
  }
  lines.push('');
  for (const endpoint of run.endpoints) {
    lines.push(`## ${endpoint.name}: ${endpoint.label}`, '');
    if (endpoint.skipped) {
      lines.push(`Not explained: ${endpoint.skipped}.`, '');
      continue;
    }
    const codes = Object.entries(endpoint.statusCodes)
      .map(([code, count]) => `${count} × ${code}`)
      .join(', ');
    lines.push(
      `${endpoint.requests} requests (${codes}) in ${endpoint.seconds.toFixed(2)} s; ` +
        `${endpoint.statements.length} statements.`,
      '',
    );
    endpoint.statements.forEach((statement, index) => lines.push(...statementMarkdown(statement, index)));
  }
  return lines.join('\n');
}
