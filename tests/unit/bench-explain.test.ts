import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  groupPlans,
  parsePlans,
  shownPlan,
  splitLogEntries,
  statementKey,
  topActual,
  topBuffers,
} from '../../bench/server/explain-log';
import { explainMarkdown, kindSummary, median } from '../../bench/server/explain-report';

/**
 * `npm run bench -- --explain` (bench/server/explain*.ts) over PostgreSQL
 * 18.4's real log output. The first sample is the first request of a
 * create-lending-request window of a full run (report
 * 2026-11-26T00-34-52-931Z, 50,000 items): the app's statements, foreign key
 * checks and graphile-worker's PL/pgSQL statements. The second is one
 * prepared statement run eight times: PostgreSQL plans the first five for
 * their values, then switches to its generic plan.
 */
const fixture = (name: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');
const lendingRequest = fixture('auto-explain-lending-request.txt');
const customThenGeneric = fixture('auto-explain-custom-then-generic.txt');

describe('the PostgreSQL log split into entries', () => {
  it('keeps continuation lines with their message and folds CONTEXT lines into the entry before them', () => {
    const entries = splitLogEntries(lendingRequest);
    // The begin marker's CONTEXT and STATEMENT (its LOG line is outside the window) make one entry, then 24 plans.
    expect(entries).toHaveLength(25);
    expect(entries[0]).toEqual({
      pid: 13915,
      severity: 'CONTEXT',
      message: 'PL/pgSQL function inline_code_block line 1 at RAISE',
    });
    expect(entries.filter((entry) => entry.severity === 'LOG')).toHaveLength(24);
    const nested = entries.filter((entry) => entry.context !== undefined);
    // Eight foreign key checks and the five statements of graphile_worker.add_jobs.
    expect(nested).toHaveLength(13);
    const tasks = nested.find((entry) => entry.message.includes('_private_tasks'));
    expect(tasks?.context?.split('\n')).toEqual([
      'SQL statement "insert into "graphile_worker"._private_tasks as tasks (identifier)',
      '  select distinct spec.identifier',
      '  from unnest(specs) spec',
      '  on conflict do nothing"',
      'PL/pgSQL function graphile_worker.add_jobs(graphile_worker.job_spec[],boolean) line 4 at SQL statement',
    ]);
  });

  it('ignores entries that are no plans (reloads, markers)', () => {
    const entries = splitLogEntries(customThenGeneric);
    expect(entries.filter((entry) => entry.severity === 'LOG').length).toBeGreaterThan(9);
    expect(parsePlans(customThenGeneric)).toHaveLength(9);
  });
});

describe('a logged plan', () => {
  const plans = parsePlans(lendingRequest);

  it('reads duration, query text, parameters and the plan from its top node', () => {
    // The sample ends with the first line of the job worker's next plan, cut off: no plan.
    expect(plans).toHaveLength(23);
    expect(plans.every((plan) => plan.pid === 13607)).toBe(true);
    const [session] = plans;
    expect(session?.durationMs).toBe(0.059);
    expect(session?.query).toMatch(/^select "sessions"\."id_hash", .* where "sessions"\."id_hash" = \$1 limit \$2$/);
    expect(session?.parameters).toMatch(/^\$1 = '[0-9a-f]+\.\.\.', \$2 = '1'$/);
    expect(session?.plan.split('\n')[0]).toMatch(/^Limit {2}\(cost=.*\) \(actual time=.* rows=1\.00 loops=1\)$/);
    expect(session?.context).toBeNull();
  });

  it('keeps a multi-line statement of a PL/pgSQL function whole', () => {
    const tasks = plans.find((plan) => plan.query.includes('_private_tasks'));
    expect(tasks?.query).toBe(
      'insert into "graphile_worker"._private_tasks as tasks (identifier)\n' +
        '  select distinct spec.identifier\n' +
        '  from unnest(specs) spec\n' +
        '  on conflict do nothing',
    );
    expect(tasks?.plan.split('\n')[0]).toMatch(/^Insert on graphile_worker\._private_tasks tasks/);
    expect(tasks?.context).toMatch(/add_jobs\(.*\) line 4 at SQL statement$/);
    // The function's variable `specs` is $1 in its generic plan.
    expect(tasks?.kind).toBe('generic');
  });

  it("tells a prepared statement's custom plans from its generic plan", () => {
    const kinds = parsePlans(customThenGeneric).map((plan) => plan.kind);
    expect(kinds).toEqual([
      'custom',
      'custom',
      'custom',
      'custom',
      'custom',
      'generic',
      'generic',
      'generic',
      'custom',
    ]);
    const [first, , , , , sixth] = parsePlans(customThenGeneric);
    expect(first?.plan).toContain('Index Cond: (t.id = 1)');
    expect(sixth?.plan).toContain('Index Cond: (t.id = $1)');
  });

  it('finds a custom plan among the generic ones of a real request (a partial index needs the values)', () => {
    const statuses = plans.find((plan) => plan.query.startsWith('select "requester_id", "status"'));
    expect(statuses?.kind).toBe('custom');
    expect(statuses?.plan).toContain('Index Scan using lending_requests_one_open_per_requester');
    expect(plans.filter((plan) => plan.kind === 'custom')).toHaveLength(1);
  });

  it("reads the top node's actual figures and buffers, and drops VERBOSE's output lists when shown", () => {
    const insert = plans.find((plan) => plan.query.startsWith('insert into "lending_requests"'));
    expect(topActual(insert?.plan ?? '')).toMatch(/^time=[\d.]+\.\.[\d.]+ rows=1\.00 loops=1$/);
    expect(topBuffers(insert?.plan ?? '')).toMatch(/^shared hit=\d+/);
    expect(insert?.plan).toMatch(/\n\s+Output: /);
    expect(shownPlan(insert?.plan ?? '')).not.toMatch(/Output: /);
  });
});

describe('plans grouped by statement', () => {
  it('counts calls per request in the order the statements first ran and keeps the last plan', () => {
    const groups = groupPlans(parsePlans(lendingRequest), 1);
    const foreignKeyChecks = groups.find((group) => group.key.startsWith('SELECT 1 FROM ONLY "public"."users" x'));
    // Five foreign keys to users: lending request (requester, owner), message (sender, receiver), notification.
    expect(foreignKeyChecks?.calls).toBe(5);
    expect(foreignKeyChecks?.callsPerRequest).toBe(5);
    expect(foreignKeyChecks?.durationsMs).toHaveLength(5);
    expect(foreignKeyChecks?.last.context).toMatch(/^SQL statement "SELECT 1 FROM ONLY "public"."users"/);
    expect(groups[0]?.key).toMatch(/^select "sessions"/);
    expect(groups.reduce((sum, group) => sum + group.calls, 0)).toBe(23);
  });

  it('treats IN lists of any length and any whitespace as one statement', () => {
    expect(statementKey('select 1 from t where id in ($1, $2, $3)')).toBe(
      statementKey('select 1\n  from t where id in ($4,$5)'),
    );
    expect(statementKey('select 1 from t where a = $1')).not.toBe(statementKey('select 1 from t where b = $1'));
  });
});

describe('the explain report', () => {
  const statements = groupPlans(parsePlans(lendingRequest), 1);
  const markdown = explainMarkdown({
    startedAt: '2026-11-26T00:34:52.931Z',
    revision: '70da7b9-dirty',
    postgres: '18.4',
    items: 50_000,
    warmupRequests: 10,
    rawLog: 'x-server-explain.log',
    endpoints: [
      {
        name: 'create-lending-request',
        label: 'POST /api/lending-requests',
        requests: 1,
        statusCodes: { '201': 1 },
        seconds: 0.02,
        statements,
      },
    ],
  });

  it("sums only the app's own statements: a nested statement's time is in its caller's", () => {
    const own = statements.filter((statement) => statement.last.context === null);
    const expected = own.reduce((sum, statement) => sum + median(statement.durationsMs) * statement.callsPerRequest, 0);
    const all = statements.reduce(
      (sum, statement) => sum + median(statement.durationsMs) * statement.callsPerRequest,
      0,
    );
    expect(expected).toBeLessThan(all);
    expect(markdown).toContain(
      `| create-lending-request | 1 | ${statements.length} | 23.00 | ${expected.toFixed(3)} |`,
    );
  });

  it('shows each statement with its plan kind, and marks nested ones with their outermost caller', () => {
    expect(markdown).toContain('custom plan 1/1');
    expect(markdown).toMatch(
      /nested, from: PL\/pgSQL function graphile_worker\.add_jobs\(.*\) line 34 at RETURN QUERY/,
    );
    expect(kindSummary({ generic: 2, custom: 3, 'no parameters': 0 }, 5)).toBe('generic plan 2/5 · custom plan 3/5');
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });
});
