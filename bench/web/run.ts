/**
 * `npm run bench:web`: Lighthouse (mobile) on the built client, served by the
 * built server on a fresh embedded database with demo data.
 *
 *   --runs N       Lighthouse runs per page (default 3; the median counts)
 *   --skip-build   reuse the build of an earlier run (node_modules/.bench-web)
 *   --port P       server port (default 4390, or BENCH_WEB_PORT)
 *
 * Exits 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareData } from './data';
import { runLighthouse, type PageRun } from './lighthouse';
import { budgetMisses, BUDGETS, toMarkdown, writeReport, type PageResult, type WebBenchReport } from './report';
import { buildApp, clientDir, root, startServer } from './server';

const PAGES = [
  { id: 'landing', title: 'Landing', path: '/', signedIn: false },
  { id: 'my-items', title: 'My Items', path: '/', signedIn: true },
  { id: 'available-items', title: 'Available Items', path: '/available-items', signedIn: true },
] as const;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    port: { type: 'string', default: process.env.BENCH_WEB_PORT ?? '4390' },
  },
});
const runs = Number(options.runs);
const port = Number(options.port);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

const log = (line: string) => process.stderr.write(`[bench:web] ${line}\n`);

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  if (!options['skip-build']) {
    log('building client and server into node_modules/.bench-web');
    buildApp();
  }
  log(`starting the server on port ${port}`);
  const server = await startServer(port);
  try {
    log('seeding the demo community (npm run seed)');
    const data = await prepareData(server);
    const { session } = data;
    log(`signed in as ${data.username}: ${data.ownItems} own items, ${data.availableItems} available`);
    const pages: PageResult[] = [];
    const lhrs = new Map<string, unknown>();
    for (const page of PAGES) {
      const pageRuns: PageRun[] = [];
      for (let i = 1; i <= runs; i += 1) {
        log(`${page.title}: run ${i}/${runs}`);
        const url = `${server.baseUrl}${page.path}`;
        pageRuns.push(await withRetries(() => runLighthouse(url, clientDir, page.signedIn ? session : undefined)));
      }
      const { lhr, ...median } = medianRun(pageRuns);
      // A signed-in page that shows the landing page would measure the wrong thing.
      assertShowsPage(
        page,
        median.scripts.map((s) => s.path),
      );
      lhrs.set(page.id, lhr);
      const jsGzip = median.scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
      pages.push({
        ...page,
        performanceRuns: pageRuns.map((r) => r.scores.performance),
        median,
        firstLoadJsGzipBytes: jsGzip,
        firstLoadJsRawBytes: median.scripts.reduce((sum, s) => sum + s.rawBytes, 0),
        misses: budgetMisses(median, jsGzip),
      });
    }
    const report: WebBenchReport = {
      startedAt,
      commit: git(['rev-parse', 'HEAD']),
      machine: {
        cpus: cpus().length,
        loadAverage: loadavg(),
        node: process.versions.node,
        chromium: chromiumVersion(),
        lighthouse: packageVersion('lighthouse'),
      },
      runsPerPage: runs,
      signedInAs: { username: data.username, ownItems: data.ownItems, availableItems: data.availableItems },
      budgets: BUDGETS,
      pages,
      passed: pages.every((p) => p.misses.length === 0),
    };
    const files = writeReport(path.join(root, 'bench/results'), report, lhrs);
    process.stdout.write(toMarkdown(report));
    log(`written: ${files.map((f) => path.relative(root, f)).join(', ')}`);
    return report.passed ? 0 : 1;
  } finally {
    await server.stop();
  }
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine
 * (NO_NAVSTART, NO_FCP); such a run measured nothing, so it is tried again.
 */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`run failed, trying again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The run with the median performance score (Lighthouse CI picks runs the same way). */
function medianRun(pageRuns: PageRun[]): PageRun {
  const sorted = [...pageRuns].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs');
  return median;
}

/** Signed-in pages must have loaded the signed-in app, the landing page must not have. */
function assertShowsPage(page: (typeof PAGES)[number], scripts: string[]): void {
  // `signed-in-<hash>.js` since the first-path chunk groups of vite.config.ts (client round 3), `signed-in-app-<hash>.js` before.
  const signedInApp = scripts.some((s) => /\/signed-in(-app)?-[^/]+\.js$/.test(s));
  if (signedInApp !== page.signedIn)
    throw new Error(
      `${page.title}: expected the ${page.signedIn ? 'signed-in' : 'signed-out'} app, scripts: ${scripts.join(', ')}`,
    );
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'Chromium (version unknown)';
  }
}

function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
