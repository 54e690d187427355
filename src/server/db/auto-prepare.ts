import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Automatic server-side prepared statements (docs/decisions/0013-automatic-prepared-statements.md).
 *
 * Drizzle sends every statement unnamed, so PostgreSQL parses and plans it on
 * every call: for our small statements planning costs more than running them
 * (docs/performance.md). A client of this class names a parameterised
 * statement after its text once that text has come back
 * `PREPARE_AFTER_USES` times; node-postgres then parses it once per
 * connection and only binds and executes it afterwards, and PostgreSQL
 * switches to a cached generic plan when that is no worse than planning
 * anew (plan_cache_mode = auto). This is what pgjdbc (prepareThreshold) and
 * Npgsql (Max Auto Prepare) do.
 *
 * Bounds, so a statement text built from data (an IN list of varying length)
 * cannot grow memory without end: texts are counted in a map of at most
 * `MAX_TRACKED_TEXTS` entries (cleared when full), and a connection holds at
 * most `MAX_STATEMENTS_PER_CONNECTION` prepared statements; beyond that its
 * statements run unnamed, as before.
 */
export const PREPARE_AFTER_USES = 2;
export const MAX_TRACKED_TEXTS = 2_000;
export const MAX_STATEMENTS_PER_CONNECTION = 500;

interface QueryConfigLike {
  text: string;
  name?: unknown;
  values?: unknown;
}

const isQueryConfig = (value: unknown): value is QueryConfigLike =>
  typeof value === 'object' &&
  value !== null &&
  'text' in value &&
  typeof value.text === 'string' &&
  !('submit' in value && typeof value.submit === 'function');

/** Uses of each statement text so far, and its name once it has one. */
const uses = new Map<string, { count: number; name?: string }>();
/** The statements each connection has prepared (node-postgres keeps their plans per connection). */
const preparedBy = new WeakMap<pg.Client, Set<string>>();

/** A statement's name: stable across instances and restarts, never user input. */
const statementName = (text: string) => `ll_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** The name this call should run under, or undefined to send it unnamed. */
export function autoStatementName(client: pg.Client, config: QueryConfigLike, values: unknown): string | undefined {
  const parameters = Array.isArray(values) ? values : config.values;
  // Without parameters there is nothing to bind (BEGIN, COMMIT, fixed statements): nothing to gain.
  if (config.name !== undefined || !Array.isArray(parameters) || parameters.length === 0) return undefined;
  let entry = uses.get(config.text);
  if (!entry) {
    if (uses.size >= MAX_TRACKED_TEXTS) uses.clear();
    entry = { count: 0 };
    uses.set(config.text, entry);
  }
  entry.count += 1;
  if (entry.count < PREPARE_AFTER_USES) return undefined;
  entry.name ??= statementName(config.text);
  let prepared = preparedBy.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedBy.set(client, prepared);
  }
  if (!prepared.has(entry.name)) {
    if (prepared.size >= MAX_STATEMENTS_PER_CONNECTION) return undefined;
    prepared.add(entry.name);
  }
  return entry.name;
}

/** A node-postgres client that prepares repeated statements (see above); pass it as the Pool's `Client`. */
export class AutoPreparingClient extends pg.Client {}

const unnamedQuery = pg.Client.prototype.query;
// `query` has a dozen overloads in @types/pg; the wrapper only looks at its first two arguments and
// passes everything on untouched, so it is installed as a plain property rather than a typed override.
Object.defineProperty(AutoPreparingClient.prototype, 'query', {
  value: function autoPreparingQuery(this: pg.Client, config: unknown, ...rest: unknown[]): unknown {
    // Drizzle passes a config object; `pool.query(text, values)` a bare string.
    const query = typeof config === 'string' ? { text: config } : config;
    if (isQueryConfig(query)) {
      const name = autoStatementName(this, query, rest[0]);
      if (name !== undefined) return Reflect.apply(unnamedQuery, this, [{ ...query, name }, ...rest]);
    }
    return Reflect.apply(unnamedQuery, this, [config, ...rest]);
  },
  writable: true,
  configurable: true,
});
