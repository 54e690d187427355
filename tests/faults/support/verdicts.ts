import { expect } from 'vitest';
import { checkItems, type Person } from './fault-database';
import { statusCounts, type WriteLoad } from './write-load';

/**
 * Zero acknowledged writes lost: every POST that got a 2xx created its row.
 * A request that failed may still have committed (its answer was lost with
 * the connection), so there may be more rows than acknowledgements, but
 * never more than acknowledgements plus failures.
 */
export async function expectNoAcknowledgedWriteLost(url: string, writer: Person, load: WriteLoad): Promise<string> {
  const { rows, missing } = await checkItems(url, writer.id, load.acknowledged);
  const failed = load.outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300).length;
  expect(missing, 'acknowledged items missing from the database').toEqual([]);
  expect(rows).toBeGreaterThanOrEqual(load.acknowledged.length);
  expect(rows - load.acknowledged.length).toBeLessThanOrEqual(failed);
  return `${load.acknowledged.length} writes acknowledged, ${rows} rows found, 0 lost; answers ${JSON.stringify(statusCounts(load.outcomes))}`;
}

/** The figures of a run, printed for the CI log and the issue report. */
export function report(title: string, lines: string[]): void {
  process.stdout.write(`\n[faults] ${title}\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
