import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Category, PageRun } from './lighthouse';

/** Issue 7, "Client benchmark". */
export const BUDGETS = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 0.95,
  /** First-load JavaScript per page, gzip. */
  firstLoadJsGzipBytes: 150 * 1024,
} as const;

export interface PageResult {
  id: string;
  title: string;
  path: string;
  signedIn: boolean;
  /** Performance score of every run; the reported run is the median one. */
  performanceRuns: (number | null)[];
  median: Omit<PageRun, 'lhr'>;
  firstLoadJsGzipBytes: number;
  firstLoadJsRawBytes: number;
  misses: string[];
}

export interface WebBenchReport {
  startedAt: string;
  commit: string;
  machine: { cpus: number; loadAverage: number[]; node: string; chromium: string; lighthouse: string };
  runsPerPage: number;
  /** The demo person the signed-in pages are measured as. */
  signedInAs: { username: string; ownItems: number; availableItems: number };
  budgets: typeof BUDGETS;
  pages: PageResult[];
  passed: boolean;
}

export function budgetMisses(run: Omit<PageRun, 'lhr'>, jsGzip: number): string[] {
  const misses: string[] = [];
  for (const category of ['performance', 'accessibility', 'best-practices'] as const satisfies Category[]) {
    const score = run.scores[category];
    if (score === null || score < BUDGETS[category])
      misses.push(`${category} ${formatScore(score)} < ${BUDGETS[category]}`);
  }
  if (jsGzip > BUDGETS.firstLoadJsGzipBytes)
    misses.push(`first-load JS ${kB(jsGzip)} > ${kB(BUDGETS.firstLoadJsGzipBytes)}`);
  return misses;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number | null | undefined) => (value == null ? '–' : `${Math.round(value)} ms`);
const formatScore = (score: number | null) => (score === null ? '–' : score.toFixed(2));
const mark = (ok: boolean) => (ok ? '✓' : '✗');

export function toMarkdown(report: WebBenchReport): string {
  const lines: string[] = [
    `# Client benchmark (Lighthouse ${report.machine.lighthouse}, mobile)`,
    '',
    `${report.startedAt} · commit ${report.commit.slice(0, 10)} · ${report.machine.chromium} · Node ${report.machine.node} · ` +
      `${report.machine.cpus} cores, load average ${report.machine.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    '',
    `Median of ${report.runsPerPage} run(s) per page by performance score; mobile emulation with simulated throttling ` +
      '(slow 4G, 4× CPU slowdown). First-load JS: every script of our origin the page loaded before it settled, gzip -9. ' +
      `Data: \`npm run seed\`; signed in as ${report.signedInAs.username} (${report.signedInAs.ownItems} own items, ` +
      `${report.signedInAs.availableItems} in Available Items).`,
    '',
    `Budgets: performance ≥ ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility.toFixed(2)}, ` +
      `best practices ≥ ${BUDGETS['best-practices']}, first-load JS ≤ ${kB(BUDGETS.firstLoadJsGzipBytes)} gzip.`,
    '',
    '| Page | Performance | Accessibility | Best practices | First-load JS (gzip) | FCP | LCP | TBT | CLS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const page of report.pages) {
    const s = page.median.scores;
    const m = page.median.metrics;
    const cell = (category: Category) => {
      const score = s[category];
      return `${formatScore(score)} ${mark(score !== null && score >= BUDGETS[category])}`;
    };
    const perfRuns = page.performanceRuns.length > 1 ? ` (${page.performanceRuns.map(formatScore).join(', ')})` : '';
    lines.push(
      `| ${page.title} (\`${page.path}\`${page.signedIn ? ', signed in' : ''}) | ${cell('performance')}${perfRuns} | ` +
        `${cell('accessibility')} | ${cell('best-practices')} | ` +
        `${kB(page.firstLoadJsGzipBytes)} ${mark(page.firstLoadJsGzipBytes <= BUDGETS.firstLoadJsGzipBytes)} | ` +
        `${ms(m['first-contentful-paint'])} | ${ms(m['largest-contentful-paint'])} | ${ms(m['total-blocking-time'])} | ` +
        `${m['cumulative-layout-shift']?.toFixed(3) ?? '–'} |`,
    );
  }
  lines.push('', report.passed ? '**All budgets met.**' : '**Budgets missed:**', '');
  for (const page of report.pages) for (const miss of page.misses) lines.push(`- ${page.title}: ${miss}`);

  for (const page of report.pages) {
    lines.push('', `## ${page.title}`, '', `Scripts loaded (${page.median.scripts.length}):`, '');
    const biggest = [...page.median.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
    for (const script of biggest)
      lines.push(`- \`${script.path}\` ${kB(script.gzipBytes)} gzip (${kB(script.rawBytes)} raw)`);
    if (page.median.findings.length > 0) {
      lines.push('', 'Audits below full marks:', '');
      for (const f of page.median.findings)
        lines.push(
          `- ${f.category}: ${f.title} (\`${f.id}\`, ${formatScore(f.score)}` +
            `${f.displayValue ? `, ${f.displayValue}` : ''}${f.scored ? '' : ', not scored'})`,
        );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** bench/results/web-<timestamp>.json and .md, plus each page's full Lighthouse report for digging. */
export function writeReport(resultsDir: string, report: WebBenchReport, lhrs: Map<string, unknown>): string[] {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const base = path.join(resultsDir, `web-${stamp}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, toMarkdown(report));
  const written = [`${base}.json`, `${base}.md`];
  for (const [id, lhr] of lhrs) {
    writeFileSync(`${base}.${id}.lighthouse.json`, JSON.stringify(lhr));
    written.push(`${base}.${id}.lighthouse.json`);
  }
  return written;
}
