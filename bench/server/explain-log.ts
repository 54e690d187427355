/**
 * `--explain` (issue 20 part 2): reads the plans `auto_explain` wrote into
 * PostgreSQL's log while the app served an endpoint's requests, and groups
 * them by statement. Pure functions over the log's text (stderr format,
 * `log_line_prefix = '%m [%p] '`, EXPLAIN's text format, VERBOSE); the phase
 * that produces the log is explain.ts.
 */

/** The prefix the bench's cluster writes before each log entry (database.ts sets it). */
export const LOG_LINE_PREFIX = '%m [%p] ';
const ENTRY_START = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \S+ \[(\d+)\] ([A-Z0-9]+):  ?(.*)$/;
const PLAN_MESSAGE = /^duration: ([\d.]+) ms {2}plan:$/;
/** A plan node's first line in EXPLAIN's text format (costs are always on in auto_explain). */
const NODE_LINE = /\(cost=[\d.]+\.\.[\d.]+ rows=\d+ width=\d+\)/;

export interface LogEntry {
  pid: number;
  severity: string;
  /** The message, its continuation lines joined by \n (the tab PostgreSQL puts before each removed). */
  message: string;
  /**
   * The CONTEXT line PostgreSQL writes after the message of a statement run
   * from inside another (a function, a foreign key's trigger): innermost first.
   */
  context?: string;
}

/** Lines PostgreSQL writes after a message, as part of it. */
const MESSAGE_PARTS = new Set(['CONTEXT', 'STATEMENT', 'DETAIL', 'HINT']);

/**
 * Splits PostgreSQL's stderr log into entries. A line that starts with the
 * prefix opens an entry; PostgreSQL starts every further line of a message
 * with a tab. A CONTEXT (or STATEMENT, DETAIL, HINT) line of the same
 * process right after a message belongs to it. Anything else (a line
 * another process wrote) stands alone and is dropped.
 */
export function splitLogEntries(text: string): LogEntry[] {
  const entries: LogEntry[] = [];
  /** Where continuation lines go: an entry's message or its context. */
  let current: { entry: LogEntry; part: 'message' | 'context' } | undefined;
  for (const line of text.split('\n')) {
    const start = ENTRY_START.exec(line);
    if (start) {
      const entry: LogEntry = { pid: Number(start[1]), severity: start[2] ?? '', message: start[3] ?? '' };
      const previous = entries.at(-1);
      if (MESSAGE_PARTS.has(entry.severity) && previous?.pid === entry.pid) {
        if (entry.severity === 'CONTEXT') previous.context = entry.message;
        current = entry.severity === 'CONTEXT' ? { entry: previous, part: 'context' } : undefined;
        continue;
      }
      entries.push(entry);
      current = { entry, part: 'message' };
    } else if (current && line.startsWith('\t')) {
      const { entry, part } = current;
      entry[part] = `${entry[part] ?? ''}\n${line.slice(1)}`;
    } else if (line.trim() !== '') {
      current = undefined;
    }
  }
  return entries;
}

/**
 * How PostgreSQL planned this execution. A generic plan keeps the
 * parameters as `$n` in its conditions and output; a custom plan was made
 * for this call with the values in place. (VERBOSE shows each node's output,
 * so an INSERT's values show too; a parameter used only in LIMIT or OFFSET
 * shows in neither, so such a statement would read as custom.)
 */
export type PlanKind = 'generic' | 'custom' | 'no parameters';

export interface LoggedPlan {
  pid: number;
  durationMs: number;
  query: string;
  /** `$1 = '…', $2 = '…'` as PostgreSQL logged them (shortened by auto_explain.log_parameter_max_length). */
  parameters: string | null;
  /** The plan as logged, from its top node on. */
  plan: string;
  kind: PlanKind;
  /** Where a nested statement ran from (its CONTEXT, outermost caller last); null for the app's own statements. */
  context: string | null;
}

export function parsePlanEntry(entry: LogEntry): LoggedPlan | null {
  const [first, ...rest] = entry.message.split('\n');
  const duration = PLAN_MESSAGE.exec(first ?? '');
  if (!duration || !rest[0]?.startsWith('Query Text: ')) return null;
  const top = rest.findIndex((line) => NODE_LINE.test(line) && !line.startsWith(' '));
  if (top < 0) return null;
  const head = rest.slice(0, top);
  const parametersAt = head.findIndex((line) => line.startsWith('Query Parameters: '));
  const queryLines = parametersAt < 0 ? head : head.slice(0, parametersAt);
  const query = queryLines.join('\n').slice('Query Text: '.length);
  const parameters = parametersAt < 0 ? null : head.slice(parametersAt).join('\n').slice('Query Parameters: '.length);
  const plan = rest.slice(top).join('\n').trimEnd();
  const context = entry.context ?? null;
  return {
    pid: entry.pid,
    durationMs: Number(duration[1]),
    query,
    parameters,
    plan,
    kind: planKind(query, plan),
    context,
  };
}

/**
 * A statement inside a PL/pgSQL function names its variables, not `$n`: its
 * generic plan still shows them as `$n`, its custom plan reads as
 * 'no parameters'.
 */
export function planKind(query: string, plan: string): PlanKind {
  if (/\$\d+\b/.test(plan)) return 'generic';
  return /\$\d+/.test(query) ? 'custom' : 'no parameters';
}

export function parsePlans(text: string): LoggedPlan[] {
  return splitLogEntries(text).flatMap((entry) => parsePlanEntry(entry) ?? []);
}

/** One statement's text, whatever its whitespace and however many values an IN list held. */
export function statementKey(query: string): string {
  return query
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\$\d+/g, '$n')
    .replace(/\$n(?:, ?\$n)+/g, '$n, …');
}

export interface StatementPlans {
  key: string;
  /** The last execution's text, whitespace collapsed. */
  query: string;
  calls: number;
  callsPerRequest: number;
  kinds: Record<PlanKind, number>;
  /** Durations of all its executions in the window, ms, in order. */
  durationsMs: number[];
  /** The last execution's plan: the steady state after the first ones. */
  last: LoggedPlan;
}

/** The plans of one endpoint's window, per statement in the order they first ran; the last plan of each is kept. */
export function groupPlans(plans: readonly LoggedPlan[], requests: number): StatementPlans[] {
  const byKey = new Map<string, StatementPlans>();
  for (const plan of plans) {
    const key = statementKey(plan.query);
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        key,
        query: '',
        calls: 0,
        callsPerRequest: 0,
        kinds: { generic: 0, custom: 0, 'no parameters': 0 },
        durationsMs: [],
        last: plan,
      };
      byKey.set(key, entry);
    }
    entry.calls += 1;
    entry.kinds[plan.kind] += 1;
    entry.durationsMs.push(plan.durationMs);
    entry.last = plan;
    entry.query = plan.query.replace(/\s+/g, ' ').trim();
  }
  const perRequest = Math.max(1, requests);
  return [...byKey.values()].map((entry) => ({ ...entry, callsPerRequest: entry.calls / perRequest }));
}

/** The top node's buffer counts (EXPLAIN lists a node's own lines before its children's). */
export function topBuffers(plan: string): string | null {
  return /^\s*Buffers: (.*)$/m.exec(plan)?.[1] ?? null;
}

/** The top node's actual time and rows, e.g. `time=0.05..0.31 rows=20.00 loops=1`. */
export function topActual(plan: string): string | null {
  return /\(actual ([^)]*)\)/.exec(plan)?.[1] ?? null;
}

/** The plan without VERBOSE's `Output:` lists (they name every column) nor its query identifier. */
export function shownPlan(plan: string): string {
  return plan
    .split('\n')
    .filter((line) => !/^\s*Output: /.test(line) && !line.startsWith('Query Identifier: '))
    .join('\n');
}
