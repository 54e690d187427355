import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './processes';
import type { BenchReport } from './report';

/**
 * Where the server's CPU goes, per endpoint and layer (issue 20 part 2):
 * reads a benchmark report and the V8 CPU profile of the same run
 * (`npm run bench -- --profile`), keeps the samples taken while each
 * endpoint was measured (the report's `window`, on the profile's monotonic
 * clock) and sorts every sample into one layer by its stack.
 *
 *   npm run bench:layers [-- report.json [profile.cpuprofile]]
 *
 * Without arguments it takes the newest report and profile in
 * bench/results. Prints a markdown table (ms of server CPU per request) and
 * writes it beside the report as `<report>-layers.md`.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The layers, most specific first: a sample belongs to the first layer
 * whose test holds for any frame of its stack (so JSON.stringify under the
 * response serializer counts as serialization, a pg frame under the session
 * lookup as session lookup).
 */
type Frame = ProfileNode['callFrame'];

/** Native socket writes (one syscall each): a leaf, whoever called it. */
const isSocketWrite = (f: Frame) =>
  f.url === '' && /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(f.functionName);
const isDatabaseClient = (f: Frame) =>
  /node_modules\/(pg|pg-protocol|pg-pool|drizzle-orm)\//.test(f.url) ||
  (isOurs(f) && /^autoPrepar/.test(f.functionName));

/**
 * Layers decided by the sample's own frame (the leaf) come first: a socket
 * write is a syscall wherever it is issued from.
 */
const LEAF_LAYERS: { name: string; matches: (leaf: Frame, stack: Frame[]) => boolean }[] = [
  { name: 'garbage collection', matches: (leaf) => leaf.functionName === '(garbage collector)' },
  {
    name: 'socket writes to PostgreSQL (syscalls)',
    matches: (leaf, stack) => isSocketWrite(leaf) && stack.some(isDatabaseClient),
  },
  { name: 'socket writes to the client (syscalls)', matches: (leaf) => isSocketWrite(leaf) },
];

const LAYERS: { name: string; matches: (frame: Frame) => boolean }[] = [
  ...LEAF_LAYERS.map(({ name }) => ({ name, matches: () => false })),
  {
    name: 'logging (pino)',
    matches: (f) => /node_modules\/(pino|sonic-boom|thread-stream|pino-std-serializers)\//.test(f.url),
  },
  {
    name: 'session lookup',
    matches: (f) => isOurs(f) && /^(findActiveSession|hashToken)$/.test(f.functionName),
  },
  {
    name: 'response serialization (zod + JSON)',
    matches: (f) => f.url.includes('fastify-type-provider-zod') && /serializer/i.test(f.functionName),
  },
  {
    name: 'request validation (zod)',
    matches: (f) => f.url.includes('fastify-type-provider-zod') && /validator/i.test(f.functionName),
  },
  { name: 'presenting', matches: (f) => isOurs(f) && /^present/.test(f.functionName) },
  {
    name: 'authorization (policies)',
    matches: (f) => isOurs(f) && /^(authorize\w*|ensure\w*|can|can[A-Z]\w*|decide\w*)$/.test(f.functionName),
  },
  { name: 'query building and row mapping (drizzle)', matches: (f) => f.url.includes('node_modules/drizzle-orm/') },
  { name: 'database driver (pg)', matches: (f) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(f.url) },
  {
    name: 'framework (fastify: routing, hooks, reply)',
    matches: (f) => /node_modules\/(fastify|find-my-way|avvio|@fastify)/.test(f.url),
  },
  {
    name: 'HTTP and sockets (node)',
    matches: (f) => /^node:(net|_http|http|stream|internal\/(stream|http|net))/.test(f.url),
  },
  { name: 'our code, other', matches: isOurs },
];

function isOurs(frame: Frame): boolean {
  return frame.url.includes('/lendloop-bench-server/') || frame.url.includes('/dist/server/');
}

const IDLE = new Set(['(idle)']);

async function newest(directory: string, suffix: string): Promise<string> {
  const files = (await readdir(directory)).filter((file) => file.endsWith(suffix)).sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no *${suffix} in ${directory}`);
  return path.join(directory, last);
}

export interface LayerBreakdown {
  endpoint: string;
  requests: number;
  /** ms of server CPU per request, by layer; "other" holds what no layer claims. */
  perRequest: Record<string, number>;
  total: number;
}

export function breakDown(profile: CpuProfile, report: BenchReport): LayerBreakdown[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const layerOf = new Map<number, string | null>();
  const classify = (sampled: number): string | null => {
    const known = layerOf.get(sampled);
    if (known !== undefined) return known;
    const stack: Frame[] = [];
    for (let id: number | undefined = sampled; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (frame) stack.push(frame);
    }
    const leaf = stack[0];
    const byLeaf = leaf ? LEAF_LAYERS.find((l) => l.matches(leaf, stack))?.name : undefined;
    const layer = IDLE.has(leaf?.functionName ?? '')
      ? null
      : (byLeaf ?? LAYERS.find((l) => stack.some(l.matches))?.name ?? 'other (V8, native)');
    layerOf.set(sampled, layer);
    return layer;
  };

  const windows = report.endpoints.map((endpoint) => ({ endpoint, perLayer: new Map<string, number>() }));
  let at = profile.startTime;
  profile.samples.forEach((sample, i) => {
    at += profile.timeDeltas[i] ?? 0;
    // The sample's CPU time is the gap to the next sample (V8 samples on a fixed interval).
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const window = windows.find(({ endpoint }) => at >= endpoint.window.startMicros && at < endpoint.window.endMicros);
    const layer = window ? classify(sample) : null;
    if (!window || !layer) return;
    window.perLayer.set(layer, (window.perLayer.get(layer) ?? 0) + micros);
  });
  return windows.map(({ endpoint, perLayer }) => {
    const perRequest = Object.fromEntries(
      [...perLayer].map(([layer, micros]) => [layer, micros / 1000 / Math.max(1, endpoint.requests)]),
    );
    return {
      endpoint: endpoint.name,
      requests: endpoint.requests,
      perRequest,
      total: Object.values(perRequest).reduce((sum, ms) => sum + ms, 0),
    };
  });
}

export function layersMarkdown(rows: LayerBreakdown[]): string {
  const layers = [...LAYERS.map((l) => l.name), 'other (V8, native)'];
  const used = layers.filter((layer) => rows.some((row) => (row.perRequest[layer] ?? 0) >= 0.005));
  const header = `| Endpoint | ${used.join(' | ')} | Sampled total |`;
  const rule = `| --- | ${used.map(() => '---:').join(' | ')} | ---: |`;
  const lines = rows.map(
    (row) =>
      `| ${row.endpoint} | ${used.map((layer) => (row.perRequest[layer] ?? 0).toFixed(2)).join(' | ')} | ${row.total.toFixed(2)} |`,
  );
  return [header, rule, ...lines].join('\n');
}

async function main(): Promise<void> {
  const results = path.join(root, 'bench/results');
  const [reportArg, profileArg] = process.argv.slice(2).filter((arg) => arg !== '--');
  const reportFile = reportArg ?? (await newest(results, '-server.json'));
  const profileFile = profileArg ?? (await newest(path.join(results, 'profiles'), '.cpuprofile'));
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as BenchReport;
  const profile = JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile;
  const missing = report.endpoints.filter((endpoint) => !endpoint.window);
  if (missing.length > 0)
    throw new Error(`${reportFile} has no measurement windows (a report from before bench:layers)`);
  const table = layersMarkdown(breakDown(profile, report));
  const text =
    `Server CPU per request by layer (ms), from ${path.basename(profileFile)} and ${path.basename(reportFile)}; ` +
    'sampled by V8 (1 ms interval), so totals differ slightly from the process accounting.\n\n' +
    `${table}\n`;
  console.log(text);
  const out = reportFile.replace(/\.json$/, '-layers.md');
  await writeFile(out, text);
  console.log(`written to ${path.relative(root, out)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
