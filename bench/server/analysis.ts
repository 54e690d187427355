import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { clockJpeg, gradientJpeg, jpegDataUrl, laptopJpeg } from '../../tests/support/analysis';
import { statusKiB } from './export';
import type { BenchUser } from './fixtures';
import { drive, type Measurement } from './load';
import type { OutgoingRequest } from './scenarios';

/**
 * The photo analysis' own figures (issue 16, docs/decisions/0020), against
 * the production bundle with the offline default (no AI_* variables):
 *
 * 1. Latency of POST /api/items/analyze-and-create, one photo after another
 *    (decode, analysis in the worker thread, item and photo written), over
 *    `images` different pictures, after one cold request that loads the
 *    model; the server's peak memory (kernel high-water mark) meanwhile.
 * 2. Neighbouring endpoints' latency (My Items, the first page of Available
 *    Items, the conversation list), each alone, then each while `parallel`
 *    analyses run without pause: analysis runs in a worker, so the request
 *    thread must not stall (budget: p99 at most double). With the offline
 *    default (AI_CONCURRENCY=1) one analysis computes and the others queue.
 */
export interface AnalysisMeasurement {
  images: number;
  coldMs: number;
  latencyMs: { p50: number; p99: number; max: number };
  recognized: number;
  rssBeforeMiB: number | null;
  rssPeakMiB: number | null;
  peakMethod: 'VmHWM' | 'none';
  /** Analyses kept running while the neighbours were measured, and how they went. */
  parallelAnalyses: number;
  analysesDuring: number;
  analysisErrors: number;
  neighbours: NeighbourMeasurement[];
}

export interface NeighbourMeasurement {
  label: string;
  connections: number;
  alone: Measurement;
  during: Measurement;
  p99Ratio: number;
  met: boolean;
}

/** Others' p99 may at most double while analyses run (issue 16 "Done means"). */
export const NEIGHBOUR_P99_MAX_RATIO = 2;
/** Latency of the neighbour at a steady, unsaturated load: this measures stalls, not CPU capacity. */
const NEIGHBOUR_CONNECTIONS = 10;

const log = (message: string) => console.error(`[bench] ${message}`);

export async function measureAnalysis(options: {
  origin: string;
  serverPid: number | undefined;
  users: BenchUser[];
  images: number;
  parallel: number;
  seconds: number;
}): Promise<AnalysisMeasurement> {
  const { origin, serverPid, users } = options;
  const pictures = await benchPictures(options.images);
  let sent = 0;
  // Each account may analyse LIMITS.photoAnalysesPerHour photos an hour: requests rotate through the users.
  const analyse = async (picture: string) => {
    const user = users[sent++ % users.length];
    if (!user) throw new Error('No signed-in users');
    const started = performance.now();
    const response = await fetch(`${origin}/api/items/analyze-and-create`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ aiImage: picture, displayImage: picture, language: 'en' }),
    });
    const text = await response.text();
    if (response.status !== 201)
      throw new Error(`analyze-and-create answered ${response.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { analysis: { recognized: boolean } };
    return { ms: performance.now() - started, recognized: body.analysis.recognized };
  };

  const coldMs = (await analyse(pictures[0] ?? '')).ms;
  const rssBefore = serverPid ? await statusKiB(serverPid, 'VmRSS') : null;
  const canReset = serverPid
    ? await writeFile(`/proc/${serverPid}/clear_refs`, '5').then(
        () => true,
        () => false,
      )
    : false;
  const timings: number[] = [];
  let recognized = 0;
  for (const picture of pictures) {
    const result = await analyse(picture);
    timings.push(result.ms);
    if (result.recognized) recognized++;
  }
  const peak = canReset && serverPid ? await statusKiB(serverPid, 'VmHWM') : null;
  const sorted = [...timings].sort((a, b) => a - b);
  const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  log(
    `photo analysis: cold ${coldMs.toFixed(0)} ms, then p50 ${percentile(50).toFixed(0)} ms, ` +
      `p99 ${percentile(99).toFixed(0)} ms over ${pictures.length} photos; server peak ${peak === null ? '?' : (peak / 1024).toFixed(0)} MiB`,
  );

  const userAt = (i: number) => {
    const user = users[i % users.length];
    if (!user) throw new Error('No signed-in users');
    return user;
  };
  const neighbours: { label: string; request: (i: number) => OutgoingRequest }[] = [
    { label: 'GET /api/items/my', request: (i) => getAs(userAt(i), '/api/items/my') },
    { label: 'GET /api/items/available (first page)', request: (i) => getAs(userAt(i), '/api/items/available') },
    {
      label: 'GET /api/conversations/{userId}',
      request: (i) => getAs(userAt(i), `/api/conversations/${userAt(i).id}`),
    },
  ];
  const run = (request: (i: number) => OutgoingRequest) =>
    drive({ origin, connections: NEIGHBOUR_CONNECTIONS, seconds: options.seconds, request });
  const alone: Measurement[] = [];
  for (const neighbour of neighbours) {
    await drive({ origin, connections: NEIGHBOUR_CONNECTIONS, seconds: 0.5, request: neighbour.request });
    alone.push(await run(neighbour.request));
  }

  let stop = false;
  let analysesDuring = 0;
  let analysisErrors = 0;
  const analyser = async (offset: number) => {
    for (let i = offset; !stop; i += options.parallel) {
      try {
        await analyse(pictures[i % pictures.length] ?? '');
        analysesDuring++;
      } catch {
        analysisErrors++;
      }
    }
  };
  const analysers = Array.from({ length: options.parallel }, (_, offset) => analyser(offset));
  // Let the analyses fill the queue before measuring.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during: Measurement[] = [];
  for (const neighbour of neighbours) during.push(await run(neighbour.request));
  stop = true;
  await Promise.all(analysers);

  const measured = neighbours.map((neighbour, i): NeighbourMeasurement => {
    const a = alone[i];
    const d = during[i];
    if (!a || !d) throw new Error(`No measurement for ${neighbour.label}`);
    const p99Ratio = d.latency.p99 / Math.max(1, a.latency.p99);
    log(
      `${neighbour.label} at ${NEIGHBOUR_CONNECTIONS} connections: p99 ${a.latency.p99} ms alone, ` +
        `${d.latency.p99} ms with ${options.parallel} analyses running (×${p99Ratio.toFixed(2)})`,
    );
    return {
      label: neighbour.label,
      connections: NEIGHBOUR_CONNECTIONS,
      alone: a,
      during: d,
      p99Ratio,
      met: p99Ratio <= NEIGHBOUR_P99_MAX_RATIO && d.errors === 0,
    };
  });
  log(`${analysesDuring} analyses done meanwhile, ${analysisErrors} failed`);
  return {
    images: pictures.length,
    coldMs,
    latencyMs: { p50: percentile(50), p99: percentile(99), max: sorted.at(-1) ?? 0 },
    recognized,
    rssBeforeMiB: rssBefore === null ? null : rssBefore / 1024,
    rssPeakMiB: peak === null ? null : peak / 1024,
    peakMethod: canReset ? 'VmHWM' : 'none',
    parallelAnalyses: options.parallel,
    analysesDuring,
    analysisErrors,
    neighbours: measured,
  };
}

const getAs = (user: BenchUser, path: string): OutgoingRequest => ({
  method: 'GET',
  path,
  headers: { cookie: user.cookie },
});

/** `count` different 512 px JPEGs as data URLs: the test pictures, tinted and turned, so no two are alike. */
async function benchPictures(count: number): Promise<string[]> {
  const bases = await Promise.all([clockJpeg(), laptopJpeg(), gradientJpeg()]);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const base = bases[i % bases.length] ?? bases[0];
      const jpeg = await sharp(base)
        .modulate({ hue: (i * 37) % 360, brightness: 0.9 + (i % 5) * 0.05 })
        .flop(i % 2 === 1)
        .jpeg({ quality: 70 })
        .toBuffer();
      return jpegDataUrl(jpeg);
    }),
  );
}

export function analysisMarkdown(result: AnalysisMeasurement): string[] {
  const mib = (value: number | null) => (value === null ? '?' : value.toFixed(0));
  return [
    `Photo analysis (POST /api/items/analyze-and-create, offline detector in a worker thread, ${result.images} photos ` +
      `one after another, ${result.recognized} recognised): **p50 ${result.latencyMs.p50.toFixed(0)} ms, p99 ` +
      `${result.latencyMs.p99.toFixed(0)} ms** (first request with the model loading: ${result.coldMs.toFixed(0)} ms); ` +
      `server memory peak **${mib(result.rssPeakMiB)} MiB** resident (${mib(result.rssBeforeMiB)} MiB before; ` +
      `${result.peakMethod === 'VmHWM' ? 'kernel high-water mark' : 'not measured: no /proc'}).`,
    '',
    ...result.neighbours.map(
      (n) =>
        `- ${n.label} at ${n.connections} connections: p99 ${n.alone.latency.p99} ms alone, **${n.during.latency.p99} ms while ` +
        `${result.parallelAnalyses} analyses run** (×${n.p99Ratio.toFixed(2)}, budget ≤ ×${NEIGHBOUR_P99_MAX_RATIO}: ` +
        `${n.met ? 'met' : 'NOT met'}); p50 ${n.alone.latency.p50} → ${n.during.latency.p50} ms, ` +
        `${n.alone.requestsPerSecond.toFixed(0)} → ${n.during.requestsPerSecond.toFixed(0)} req/s.`,
    ),
    '',
    `${result.analysesDuring} analyses finished while the neighbours were measured, ${result.analysisErrors} failed.`,
  ];
}
