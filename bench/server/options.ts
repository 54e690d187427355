import type { DatasetShape } from './dataset';
import { SCENARIO_NAMES } from './scenarios';

/** One benchmark run: how big the data is and how long each endpoint is driven. */
export interface BenchOptions {
  mode: 'full' | 'quick' | 'smoke';
  shape: DatasetShape;
  /** Items of the main run, and the two sizes at which Available Items is compared. */
  items: { main: number; small: number; large: number };
  /** Signed-in users the requests rotate through. */
  sessions: number;
  /**
   * Signed-in users who send the messages: the app allows an account
   * LIMITS.messagesPerMinute messages a minute, so the sends are spread wider.
   */
  senders: number;
  connections: number;
  /** Seconds of measurement per endpoint, and of unrecorded warm-up before it. */
  durationSeconds: number;
  warmupSeconds: number;
  /** Seconds of the single-connection run after each endpoint's load run. */
  singleConnectionSeconds: number;
  /** Extra messages of the person whose account export is measured (bench/server/export.ts). */
  exportMessages: number;
  /** Photos analysed one after another for the photo analysis' latency (bench/server/analysis.ts). */
  analysisImages: number;
  /** The live delivery figure (bench/server/live.ts): open streams, messages per second, seconds of sending. */
  live: { streams: number; messagesPerSecond: number; seconds: number; graceSeconds: number };
  /** The start-up figure (bench/server/startup.ts): runs of each case, and the idle wait before memory is read. */
  startup: { runs: number; idleSeconds: number };
  /** Only these endpoints (names as in the report, `export` or `analysis`); empty: all. */
  only: string[];
  skipScaling: boolean;
  /** Keep the server and database up for inspection (EXPLAIN ANALYZE, profiling) instead of measuring. */
  hold: boolean;
  /** Run the server with V8's CPU profiler; the profile lands in bench/results/profiles when it stops. */
  profile: boolean;
  /** Count and time every statement per endpoint with pg_stat_statements (costs some CPU). */
  statements: boolean;
  /** After the endpoints' runs, log each endpoint's plans with auto_explain (explain.ts). */
  explain: boolean;
  /** PostgreSQL settings for the bench's cluster over the app's own (`--postgres=shared_buffers=128MB`): before/after runs of a setting. */
  postgresSettings: Record<string, string>;
}

/** Bad command-line input: printed without a stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run bench -- [--smoke | --quick] [--duration=S] [--warmup=S] [--connections=N]
                         [--items=N] [--only=a,b] [--skip-scaling] [--hold] [--profile] [--statements]
                         [--explain] [--postgres=name=value,...]

  (default)      5,000 users, 50,000 items (Available Items also at 10,000 and 100,000), 10 s per endpoint
  --quick        the same data, 3 s per endpoint
  --smoke        a tiny data set, about 1 s per endpoint: checks the harness and that nothing errs (CI)
  --items=N      items of the main run (default 50,000; 1,000 with --smoke)
  --only=a,b     run only these endpoints (e.g. available-first,send-message; export: the account export;
                 analysis: photo analysis latency, memory, and three other endpoints while 4 analyses run;
                 push: time from a borrow request to its push at a loopback push service, 200 events;
                 live: 1,000 signed-in users each hold a GET /api/events stream while pairs of them send
                 50 messages a second for 30 s: delivery latency, lost events, memory per stream; once on
                 the bench's server, once with a second server on the same database holding the
                 receivers' streams, so delivery crosses LISTEN/NOTIFY; --smoke: 20 streams, 5/s for 3 s;
                 startup: \`npm start\`'s server command on the built tree (dist/, built first if stale), spawned
                 directly, to the first 200 on /, on a fresh DATA_DIR and on an existing one, 5 runs each
                 (1 with --smoke); then the idle RSS of the server and of its PostgreSQL after 10 s
                 (2 s with --smoke); alone it needs no data set and writes bench/results/<time>-startup.*);
                 photos: GET /api/photos/{id}?size=card with the bytes in PostgreSQL, then the same photos
                 moved into a bucket (s3rver on loopback) and read through a second server with S3_*
  --skip-scaling skip the 10,000 / 100,000 items comparison
  --hold         build the main data set and start the server, print how to reach both, and wait for Ctrl-C
  --profile      profile the server's CPU (node --cpu-prof) into bench/results/profiles/ (open in Chrome DevTools);
                 then \`npm run bench:layers\` splits it by endpoint and layer
  --statements   record each endpoint's statements (pg_stat_statements): calls, execution and planning time per request
  --explain      after the endpoints' runs, send each endpoint 5 requests one at a time while auto_explain logs
                 EXPLAIN (ANALYZE, BUFFERS) of every statement PostgreSQL runs, with the plan it really uses
                 (generic or custom); writes bench/results/<time>-server-explain.md and .log. Runs the nine
                 endpoints only, unless --only names other sections too
  --postgres=name=value,...
                 run the bench's embedded PostgreSQL with these settings over the app's own (e.g.
                 --postgres=shared_buffers=128MB to measure against PostgreSQL's default); the report lists them`;

const FULL_SHAPE: DatasetShape = {
  users: 5_000,
  contactsPerUser: 100,
  groups: 500,
  groupSize: { min: 10, max: 100 },
  conversationPartners: 4,
  messagesPerConversation: 8,
  longThreadEvery: 100,
  longThreadLength: 300,
};

const SMOKE_SHAPE: DatasetShape = {
  users: 200,
  contactsPerUser: 40,
  groups: 20,
  groupSize: { min: 5, max: 40 },
  conversationPartners: 2,
  messagesPerConversation: 4,
  longThreadEvery: 50,
  longThreadLength: 30,
};

/** The account export's section: `--only=export` runs it alone. */
export const EXPORT_SECTION = 'export';
/** The photo analysis' section: `--only=analysis` runs it alone. */
export const ANALYSIS_SECTION = 'analysis';
/** The push figure: event → push request at a loopback push service (bench/server/push.ts). */
export const PUSH_SECTION = 'push';
/** The start-up figure: spawn → first 200 on /, idle memory (bench/server/startup.ts). */
export const STARTUP_SECTION = 'startup';
/** The live delivery figure: message → the receiver's SSE event, one and two instances (bench/server/live.ts). */
export const LIVE_SECTION = 'live';
/** The photo read figure: a card from PostgreSQL and from a bucket (bench/server/photos.ts). */
export const PHOTOS_SECTION = 'photos';

export function parseOptions(argv: readonly string[]): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new UsageError(`Unknown argument ${arg}\n\n${USAGE}`);
    flags.set(match[1], match[2] ?? '');
  }
  const known = new Set([
    'smoke',
    'quick',
    'duration',
    'warmup',
    'connections',
    'items',
    'only',
    'skip-scaling',
    'hold',
    'profile',
    'statements',
    'explain',
    'postgres',
    'help',
  ]);
  for (const name of flags.keys()) {
    if (!known.has(name)) throw new UsageError(`Unknown option --${name}\n\n${USAGE}`);
  }
  if (flags.has('help')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (flags.has('smoke') && flags.has('quick')) throw new UsageError('--smoke and --quick exclude each other');
  // The scaling comparison grows the data from its small size through the main one to the large one.
  if (flags.has('items') && !flags.has('skip-scaling') && !flags.has('hold')) {
    throw new UsageError('--items changes the main data set: use it with --skip-scaling or --hold');
  }

  const mode = flags.has('smoke') ? 'smoke' : flags.has('quick') ? 'quick' : 'full';
  const smoke = mode === 'smoke';
  const defaults = {
    full: { duration: 10, warmup: 2, single: 3 },
    quick: { duration: 3, warmup: 1, single: 1 },
    smoke: { duration: 1, warmup: 0.3, single: 0.3 },
  }[mode];
  return {
    mode,
    shape: smoke ? SMOKE_SHAPE : FULL_SHAPE,
    items: {
      ...(smoke ? { main: 1_000, small: 400, large: 4_000 } : { main: 50_000, small: 10_000, large: 100_000 }),
      ...(flags.has('items') ? { main: Math.round(positiveNumber(flags, 'items', 0)) } : {}),
    },
    sessions: smoke ? 40 : 200,
    exportMessages: smoke ? 1_000 : 10_000,
    analysisImages: smoke ? 6 : 20,
    startup: smoke ? { runs: 1, idleSeconds: 2 } : { runs: 5, idleSeconds: 10 },
    live: smoke
      ? { streams: 20, messagesPerSecond: 5, seconds: 3, graceSeconds: 5 }
      : { streams: 1_000, messagesPerSecond: 50, seconds: 30, graceSeconds: 10 },
    senders: smoke ? 200 : 1_000,
    connections: positiveNumber(flags, 'connections', 50),
    durationSeconds: positiveNumber(flags, 'duration', defaults.duration),
    warmupSeconds: positiveNumber(flags, 'warmup', defaults.warmup, { allowZero: true }),
    singleConnectionSeconds: defaults.single,
    // --explain is about the endpoints: the other sections run only when named.
    only: onlyNames(flags.get('only') ?? (flags.has('explain') ? SCENARIO_NAMES.join(',') : undefined)),
    skipScaling: flags.has('skip-scaling') || flags.has('hold'),
    hold: flags.has('hold'),
    profile: flags.has('profile'),
    statements: flags.has('statements'),
    explain: flags.has('explain'),
    postgresSettings: postgresSettings(flags.get('postgres')),
  };
}

function postgresSettings(value: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const pair of (value ?? '').split(',').filter(Boolean)) {
    const match = /^([a-z_.]+)=([\w.:-]+)$/.exec(pair);
    if (!match?.[1] || match[2] === undefined) {
      throw new UsageError(`--postgres needs name=value pairs separated by commas, got "${pair}"`);
    }
    settings[match[1]] = match[2];
  }
  return settings;
}

function onlyNames(value: string | undefined): string[] {
  const names = (value ?? '').split(',').filter(Boolean);
  const known: readonly string[] = [
    ...SCENARIO_NAMES,
    EXPORT_SECTION,
    ANALYSIS_SECTION,
    PUSH_SECTION,
    LIVE_SECTION,
    STARTUP_SECTION,
    PHOTOS_SECTION,
  ];
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new UsageError(`Unknown endpoint ${unknown.join(', ')} in --only; known: ${known.join(', ')}`);
  }
  return names;
}

function positiveNumber(
  flags: Map<string, string>,
  name: string,
  fallback: number,
  { allowZero = false } = {},
): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new UsageError(`--${name} needs a ${allowZero ? 'non-negative' : 'positive'} number, got "${raw}"`);
  }
  return value;
}
