import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { postmasterPidOf } from './cpu-usage';
import { startBenchDatabase, type BenchDatabase } from './database';
import { addItems, analyze, countRows, generateCommunity, type StepTiming } from './dataset';
import { fetchCursors, lendingPairs, makeCalendarFeeds, signInUsers } from './fixtures';
import { measureAnalysis, type AnalysisMeasurement } from './analysis';
import { measureExport, prepareExportPerson, type ExportMeasurement } from './export';
import { sampleFailure } from './load';
import { measure } from './measure';
import {
  ANALYSIS_SECTION,
  EXPORT_SECTION,
  LIVE_SECTION,
  parseOptions,
  PHOTOS_SECTION,
  PUSH_SECTION,
  STARTUP_SECTION,
  UsageError,
} from './options';
import { measureLive } from './live';
import { measurePhotoReads, PHOTO_READ_SCENARIOS } from './photos';
import { liveErrors, type LiveMeasurement } from './live-report';
import { startFakePushService, type FakePushService } from '../../tests/support/fake-push-service';
import { measurePush, preparePushOwners, type PushMeasurement } from './push';
import { measureStartup, startupMarkdown, writeStartupReport } from './startup';

import { runExplainPhase } from './explain';
import { inArray } from 'drizzle-orm';
import { items as itemsTable } from '@/server/db/schema';
import { buildBundles, root, startApp, startHelloWorld, type RunningProcess } from './processes';
import {
  endpointResult,
  scalingResult,
  toMarkdown,
  writeReport,
  type BenchReport,
  type EndpointMeasurement,
  type EndpointResult,
  type GenerationPhase,
} from './report';
import { buildScenarios, type OutgoingRequest } from './scenarios';

/**
 * npm run bench: the server benchmark of issue 7 (docs/performance.md).
 * Own embedded PostgreSQL in a temporary folder → generated community →
 * production bundle of the server → autocannon against each endpoint, the
 * hello-world ceiling and Available Items at two data sizes → report.
 */
const log = (message: string) => console.error(`[bench] ${message}`);

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const loadAtStart = loadavg();
  log(`${options.mode} run: ${options.connections} connections, ${options.durationSeconds} s per endpoint`);

  // First, while nothing else of the bench runs: own servers on their own DATA_DIRs.
  // --hold only builds the data set and serves it: no figure is measured.
  const startup =
    !options.hold && (options.only.length === 0 || options.only.includes(STARTUP_SECTION))
      ? await measureStartup({ ...options.startup, log })
      : null;
  if (startup && options.only.length === 1) {
    console.log(startupMarkdown(startup).join('\n'));
    const files = await writeStartupReport(startup, startedAt);
    log(`report: ${path.relative(root, files.markdown)} and ${path.relative(root, files.json)}`);
    return startup.met.cleanStops ? 0 : 1;
  }

  const [bundles, database] = await Promise.all([
    buildBundles(),
    startBenchDatabase({
      statements: options.statements,
      explain: options.explain,
      settings: options.postgresSettings,
    }),
  ]);
  let app: RunningProcess | undefined;
  let pushService: FakePushService | undefined;
  const client = await database.handle.pool.connect();
  let released = false;
  const releaseClient = () => {
    if (!released) client.release();
    released = true;
  };
  // Ctrl-C: stop the server and PostgreSQL and remove the temporary folder before leaving
  // (the pool only ends once its connection is back).
  let stopping = false;
  const interrupted = async () => {
    if (stopping) return;
    stopping = true;
    log('interrupted: stopping');
    releaseClient();
    await app?.stop();
    await stopDatabase(database);
    process.exit(130);
  };
  process.on('SIGINT', () => void interrupted());
  process.on('SIGTERM', () => void interrupted());
  try {
    const generation: GenerationPhase[] = [];
    const load = async (phase: string, work: () => Promise<StepTiming[]>) => {
      const started = performance.now();
      const steps = await work();
      await analyze(client);
      const seconds = (performance.now() - started) / 1000;
      generation.push({ phase, seconds, steps });
      log(`${phase} in ${seconds.toFixed(1)} s`);
    };
    await client.query(`SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`);
    const { rows: backend } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = backend[0] ? await postmasterPidOf(backend[0].pid) : null;

    const { items, shape } = options;
    const scaling = !options.skipScaling;
    await load(`${shape.users} users, contacts, groups and conversations`, () => generateCommunity(client, shape));
    const firstItems = scaling ? items.small : items.main;
    await load(`${firstItems} items`, () => addItems(client, shape, 0, firstItems));

    const wantsPush = options.only.length === 0 || options.only.includes(PUSH_SECTION);
    // The push figure's push service: the server trusts its self-signed certificate through
    // NODE_EXTRA_CA_CERTS and may reach 127.0.0.1 through PUSH_ENDPOINT_HOSTS; no test-only code path.
    pushService = wantsPush ? await startFakePushService() : undefined;
    app = await startApp({
      bundle: bundles.app,
      databaseUrl: database.url,
      dataDir: database.dataDir,
      profile: options.profile,
      env: pushService
        ? { NODE_EXTRA_CA_CERTS: pushService.certificateFile, PUSH_ENDPOINT_HOSTS: '127.0.0.1' }
        : undefined,
    });
    const users = await signInUsers(database.handle.db, shape, options.sessions);
    const senders = await signInUsers(database.handle.db, shape, options.senders);
    log(`server running at ${app.origin}; ${users.length} users signed in (and ${senders.length} message senders)`);
    const appPids = { server: app.pid, postmaster };
    const availableFirst = (i: number): OutgoingRequest => ({
      method: 'GET',
      path: '/api/items/available',
      headers: { cookie: users[i % users.length]?.cookie ?? '' },
    });

    let small: (EndpointMeasurement & { items: number }) | undefined;
    if (scaling) {
      small = {
        items: items.small,
        ...(await measure(options, app.origin, appPids, 'available items (small)', availableFirst)),
      };
      await load(`items up to ${items.main}`, () => addItems(client, shape, items.small, items.main));
    }
    const rows = await countRows(client);

    await fetchCursors(app.origin, users);
    await makeCalendarFeeds(app.origin, users);
    // Enough distinct (user, item) pairs for the fastest write rate this machine could reach.
    const perUser = Math.ceil(((options.durationSeconds + options.warmupSeconds) * 2_000) / users.length);
    const pairs = await lendingPairs(database.handle.db, users, perUser);
    log(`${pairs.length} lending request inputs prepared`);

    if (options.hold) return await hold(app, database, users[0]?.cookie ?? '');

    const hello = await startHelloWorld(bundles.hello);
    let ceiling: EndpointMeasurement;
    try {
      const helloPids = { server: hello.pid, postmaster: null };
      ceiling = await measure(options, hello.origin, helloPids, 'ceiling (hello world)', (i) => ({
        method: 'GET',
        path: '/',
        headers: { cookie: users[i % users.length]?.cookie ?? '' },
      }));
    } finally {
      await hello.stop();
    }

    const scenarios = buildScenarios({ origin: app.origin, users, senders, lendingPairs: pairs }).filter(
      (scenario) => options.only.length === 0 || options.only.includes(scenario.name),
    );
    const endpoints: EndpointResult[] = [];
    for (const scenario of scenarios) {
      const measurement = await measure(
        options,
        app.origin,
        appPids,
        scenario.label,
        scenario.request,
        scenario,
        options.statements ? database.handle.pool : undefined,
      );
      const result = endpointResult(scenario, measurement, ceiling);
      if (result.errors > 0) result.failureSample = await sampleFailure(app.origin, scenario.request(0));
      endpoints.push(result);
    }
    if (database.log && scenarios.length > 0) {
      const file = await runExplainPhase({
        databaseUrl: database.url,
        log: database.log,
        origin: app.origin,
        scenarios,
        startedAt,
        postgres: database.postgresVersion,
        items: items.main,
        resultsDir: path.join(root, 'bench/results'),
        progress: log,
      });
      log(`explain: ${path.relative(root, file)}`);
    }

    if (options.only.length === 0 || options.only.includes(PHOTOS_SECTION)) {
      const photos = await measurePhotoReads({
        bundle: bundles.app,
        database,
        app,
        postmaster,
        users,
        photos: options.mode === 'smoke' ? 5 : 50,
        measure: (label, origin, pids, request) => measure(options, origin, pids, label, request),
        log,
      });
      endpoints.push(endpointResult(PHOTO_READ_SCENARIOS.postgres, photos.postgres, ceiling));
      endpoints.push(endpointResult(PHOTO_READ_SCENARIOS.bucket, photos.bucket, ceiling));
    }

    let exportResult: ExportMeasurement | null = null;
    if (options.only.length === 0 || options.only.includes(EXPORT_SECTION)) {
      const person = await prepareExportPerson(client, database.handle.db, options.exportMessages);
      exportResult = await measureExport(app.origin, app.pid, person, options.mode === 'smoke' ? 2 : 3);
      log(
        `account export (${person.messages} messages): ${exportResult.seconds.median.toFixed(2)} s median, ` +
          `server memory +${exportResult.rssGrowthMiB?.toFixed(1) ?? '?'} MiB (${exportResult.peakMethod})`,
      );
    }

    let analysisResult: AnalysisMeasurement | null = null;
    if (options.only.length === 0 || options.only.includes(ANALYSIS_SECTION)) {
      analysisResult = await measureAnalysis({
        origin: app.origin,
        serverPid: app.pid,
        users,
        images: options.analysisImages,
        parallel: 4,
        seconds: Math.max(2, options.durationSeconds),
      });
    }

    let pushResult: PushMeasurement | null = null;
    if (pushService) {
      // Pairs from the end: the borrow request scenario takes them from the start.
      const events = options.mode === 'smoke' ? 20 : 200;
      const chosen = pairs.slice(-events);
      const owners = await database.handle.db
        .select({ id: itemsTable.id, ownerId: itemsTable.ownerId })
        .from(itemsTable)
        .where(
          inArray(
            itemsTable.id,
            chosen.map((pair) => pair.itemId),
          ),
        );
      const ownerOf = new Map(owners.map((row) => [row.id, row.ownerId]));
      const withOwners = chosen.map((pair) => ({ ...pair, ownerId: ownerOf.get(pair.itemId) ?? '' }));
      const subscriptionOf = await preparePushOwners(database.handle.db, pushService, [...ownerOf.values()]);
      pushResult = await measurePush({
        origin: app.origin,
        service: pushService,
        pairs: withOwners,
        subscriptionOf,
        events,
      });
      log(
        `push: p50 ${pushResult.ms.p50.toFixed(1)} ms, p99 ${pushResult.ms.p99.toFixed(1)} ms over ${pushResult.events} events ` +
          `(${pushResult.missing} missing, ${pushResult.refused} refused)`,
      );
    }

    let liveResult: LiveMeasurement | null = null;
    if (options.only.length === 0 || options.only.includes(LIVE_SECTION)) {
      const { app: bundle } = bundles;
      liveResult = await measureLive({ bundle, database, app, shape, ...options.live, log });
    }

    let scalingReport = null;
    if (small) {
      await load(`items up to ${items.large}`, () => addItems(client, shape, items.main, items.large));
      const large = {
        items: items.large,
        ...(await measure(options, app.origin, appPids, 'available items (large)', availableFirst)),
      };
      scalingReport = scalingResult(small, large);
    }

    const report: BenchReport = {
      benchmark: 'server',
      mode: options.mode,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        memoryGiB: totalmem() / 2 ** 30,
        node: process.version,
        postgres: database.postgresVersion,
        postgresSharedBuffers: database.sharedBuffers,
        platform: `${process.platform} ${process.arch}`,
        loadAverage: { start: loadAtStart, end: loadavg() },
      },
      settings: {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        signedInUsers: users.length,
        postgresSettings: options.postgresSettings,
      },
      dataset: {
        rows,
        generation,
        lendingPairs: pairs.length,
      },
      ceiling,
      endpoints,
      scaling: scalingReport,
      export: exportResult,
      analysis: analysisResult,
      push: pushResult,
      live: liveResult,
      startup,
      budgetsMet: {
        latency: endpoints.every((e) => e.budget.p99Met),
        errors:
          endpoints.every((e) => e.budget.errorsMet) &&
          (scalingReport ? noErrors(scalingReport) : true) &&
          (analysisResult
            ? analysisResult.analysisErrors +
                analysisResult.neighbours.reduce((sum, neighbour) => sum + neighbour.during.errors, 0) ===
              0
            : true) &&
          (pushResult ? pushResult.missing + pushResult.refused === 0 : true) &&
          (liveResult ? liveErrors(liveResult) === 0 : true) &&
          (startup ? startup.met.cleanStops : true),
        scaling: scalingReport ? scalingReport.budget.met : null,
      },
    };
    const files = await writeReport(root, report);
    console.log(toMarkdown(report));
    log(`report: ${path.relative(root, files.markdown)} and ${path.relative(root, files.json)}`);
    // Errors are wrong answers, in every mode; latency budgets are for people to read, not a gate.
    return report.budgetsMet.errors ? 0 : 1;
  } catch (error) {
    if (app) log(`server output:\n${app.output()}`);
    throw error;
  } finally {
    releaseClient();
    await app?.stop();
    await pushService?.close();
    await stopDatabase(database);
  }
}

/** --hold: everything stays up until Ctrl-C (the SIGINT handler cleans up). */
async function hold(app: RunningProcess, database: BenchDatabase, cookie: string): Promise<number> {
  console.log(`Server:   ${app.origin}\nDatabase: ${database.url}\nCookie:   ${cookie}\nPress Ctrl-C to stop.`);
  return new Promise<number>(() => undefined);
}

const noErrors = (scaling: NonNullable<BenchReport['scaling']>) => scaling.small.errors + scaling.large.errors === 0;

async function stopDatabase(database: BenchDatabase): Promise<void> {
  await database.stop().catch((error: unknown) => log(`stopping PostgreSQL failed: ${String(error)}`));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(error.message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
