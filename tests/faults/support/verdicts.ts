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
  expect(load.acknowledged.length, 'writes acknowledged at all (else nothing was tested)').toBeGreaterThan(0);
  expect(missing, 'acknowledged items missing from the database').toEqual([]);
  expect(rows).toBeGreaterThanOrEqual(load.acknowledged.length);
  expect(rows - load.acknowledged.length).toBeLessThanOrEqual(failed);
  return `${load.acknowledged.length} writes acknowledged, ${rows} rows found, 0 lost; answers ${JSON.stringify(statusCounts(load.outcomes))}`;
}

/**
 * The server acknowledged writes (2xx) before the first fault, and again
 * after every fault before the next one (or before the load stopped): a run
 * that never got a write through again after a fault proves nothing about
 * lost writes. `faultsAt` are the moments of the faults, in order. Returns
 * the count per interval for the report.
 */
export function expectWritesAcknowledgedAroundFaults(load: WriteLoad, faultsAt: number[]): number[] {
  const bounds = [0, ...faultsAt, Number.POSITIVE_INFINITY];
  const counts = bounds
    .slice(1)
    .map(
      (to, index) =>
        load.outcomes.filter(
          (outcome) => outcome.status >= 200 && outcome.status < 300 && outcome.at >= bounds[index]! && outcome.at < to,
        ).length,
    );
  counts.forEach((count, index) => {
    const when = index === 0 ? 'before the first fault' : `after fault ${index}`;
    expect(count, `writes acknowledged ${when}`).toBeGreaterThan(0);
  });
  return counts;
}

/** The figures of a run, printed for the CI log and the issue report. */
export function report(title: string, lines: string[]): void {
  process.stdout.write(`\n[faults] ${title}\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
