import type pg from 'pg';

/**
 * `--statements` (issue 20 part 2): what PostgreSQL did for one endpoint,
 * statement by statement, from pg_stat_statements (loaded into the bench's
 * own cluster only with this flag: it costs CPU on every statement). Reset
 * after the warm-up, read after the measured seconds, divided by the
 * answered requests.
 */
export interface StatementFigure {
  /** The statement's text as PostgreSQL normalised it, shortened. */
  query: string;
  callsPerRequest: number;
  /** Mean execution and planning time of one call, ms. */
  execMs: number;
  planMs: number;
  rowsPerCall: number;
  /** This statement's execution + planning time per answered request, ms. */
  msPerRequest: number;
}

const SHOWN_QUERY_LENGTH = 160;
/** The statements that account for nearly all of an endpoint's time. */
const SHOWN_STATEMENTS = 6;

export async function resetStatements(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT pg_stat_statements_reset()');
}

export async function readStatements(pool: pg.Pool, requests: number): Promise<StatementFigure[]> {
  const { rows } = await pool.query<{
    query: string;
    calls: string;
    total_exec_time: number;
    total_plan_time: number;
    rows: string;
  }>(
    `SELECT query, calls, total_exec_time, total_plan_time, rows
       FROM pg_stat_statements
      WHERE query NOT LIKE '%pg_stat_statements%' AND calls > 0
      ORDER BY total_exec_time + total_plan_time DESC
      LIMIT ${SHOWN_STATEMENTS}`,
  );
  const perRequest = Math.max(1, requests);
  return rows.map((row) => {
    const calls = Number(row.calls);
    const query = row.query.replace(/\s+/g, ' ').trim();
    return {
      query: query.length > SHOWN_QUERY_LENGTH ? `${query.slice(0, SHOWN_QUERY_LENGTH - 1)}…` : query,
      callsPerRequest: calls / perRequest,
      execMs: row.total_exec_time / calls,
      planMs: row.total_plan_time / calls,
      rowsPerCall: Number(row.rows) / calls,
      msPerRequest: (row.total_exec_time + row.total_plan_time) / perRequest,
    };
  });
}

export function statementsMarkdown(endpoints: { name: string; statements?: StatementFigure[] }[]): string[] {
  const measured = endpoints.filter((endpoint) => endpoint.statements);
  if (measured.length === 0) return [];
  const lines = [
    '## Statements per endpoint (pg_stat_statements)',
    '',
    'The statements that took the most PostgreSQL time during the measured seconds. Times are PostgreSQL execution and planning, without the parsing and network work around them.',
    '',
    '| Endpoint | Statement | Calls / request | Exec ms / call | Plan ms / call | Rows / call | ms / request |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const endpoint of measured) {
    for (const figure of endpoint.statements ?? []) {
      const query = figure.query.replace(/\|/g, '\\|');
      lines.push(
        `| ${endpoint.name} | \`${query}\` | ${figure.callsPerRequest.toFixed(2)} | ${figure.execMs.toFixed(3)} | ` +
          `${figure.planMs.toFixed(3)} | ${figure.rowsPerCall.toFixed(1)} | ${figure.msPerRequest.toFixed(3)} |`,
      );
    }
  }
  return [...lines, ''];
}
