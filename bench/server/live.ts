import { monitorEventLoopDelay } from 'node:perf_hooks';
import { like } from 'drizzle-orm';
import pg from 'pg';
import { rateLimitCounters } from '@/server/db/schema';
import { LIVE_CHANNEL } from '@/server/events/postgres-event-bus';
import type { BenchDatabase } from './database';
import type { DatasetShape } from './dataset';
import { statusKiB } from './export';
import { signInUsers, type BenchUser } from './fixtures';
import { openEventStream, postAgent, postJson, type OpenStream, type ReceivedEvent } from './live-clients';
import {
  LIVE_BUDGET,
  liveSummary,
  percentiles,
  type InstanceMemory,
  type LiveMeasurement,
  type LiveVariant,
} from './live-report';
import { startApp, type RunningProcess } from './processes';

/**
 * Issue 20's live delivery figure: `streams` signed-in users each hold one
 * GET /api/events stream; they form pairs (the odd one sends, its even
 * neighbour on the ring receives: a registered contact), and the senders
 * POST /api/messages at a steady rate, open loop (a slow answer does not
 * slow the next send). Live events carry ids only ({type: 'message',
 * partnerId}), so each receiver's event is matched to the oldest unmatched
 * POST of that (receiver, sender) pair; a sender sends again only after
 * `pairs ÷ rate` seconds, so pairs never overlap in practice.
 *
 * Run twice: on the bench's app alone, then with a second app instance on
 * the same database holding the receivers' streams while the POSTs go to
 * the first, so every delivery crosses LISTEN/NOTIFY between processes. A
 * LISTEN connection of the bench's own timestamps each notification, which
 * splits the latency into the database's part and the app's.
 */
export interface LiveOptions {
  bundle: string;
  database: BenchDatabase;
  app: RunningProcess;
  shape: DatasetShape;
  streams: number;
  messagesPerSecond: number;
  seconds: number;
  /** How long to wait for the last events after the last POST answered. */
  graceSeconds: number;
  log: (message: string) => void;
}

interface Pair {
  sender: BenchUser;
  receiver: BenchUser;
}

/** One POST and what became of it (performance.now() times). */
interface Sent {
  startedAt: number;
  answeredAt?: number;
  status?: number;
  notifiedAt?: number;
  deliveredAt?: number;
  echoedAt?: number;
}

const OPEN_CONCURRENCY = 50;
const WARM_UP_SECONDS = 2;

export async function measureLive(options: LiveOptions): Promise<LiveMeasurement> {
  const users = await signInUsers(options.database.handle.db, options.shape, options.streams);
  const pairs: Pair[] = [];
  for (let k = 0; k + 1 < users.length; k += 2) {
    const [receiver, sender] = [users[k], users[k + 1]];
    if (!receiver || !sender) continue;
    // The sender must be allowed to message the receiver, or every POST would answer 403.
    if (!sender.contactIds.includes(receiver.id)) {
      throw new Error(`Live bench: user ${sender.n} has no registered contact ${receiver.n}; use fewer streams`);
    }
    pairs.push({ sender, receiver });
  }
  const alone = await measureVariant(options, 'one instance', pairs, { A: options.app });
  options.log(liveSummary(alone));

  const second = await startApp({
    bundle: options.bundle,
    databaseUrl: options.database.url,
    dataDir: options.database.dataDir,
  });
  try {
    const crossing = await measureVariant(options, 'two instances', pairs, { A: options.app, B: second });
    options.log(liveSummary(crossing));
    return { variants: [alone, crossing] };
  } catch (error) {
    options.log(`second instance output:\n${second.output()}`);
    throw error;
  } finally {
    await second.stop();
  }
}

async function measureVariant(
  options: LiveOptions,
  name: LiveVariant['name'],
  pairs: readonly Pair[],
  instances: { A: RunningProcess; B?: RunningProcess },
): Promise<LiveVariant> {
  const { database, messagesPerSecond, seconds } = options;
  // Set-up, not measured: earlier sections (send-message) used these accounts' allowance of
  // LIMITS.messagesPerMinute, and a 429 here would be counted as an error.
  await database.handle.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'message-send:%'));

  const awaitingDelivery = new Map<string, Sent[]>();
  const awaitingEcho = new Map<string, Sent[]>();
  const awaitingNotify = new Map<string, Sent[]>();
  const counts = { unexpected: 0, resyncs: 0 };
  const pingTimes: number[] = [];
  const key = (to: string, partner: string) => `${to}|${partner}`;
  const take = (queues: Map<string, Sent[]>, k: string, mark: (sent: Sent) => void): boolean => {
    const sent = queues.get(k)?.shift();
    if (sent) mark(sent);
    return sent !== undefined;
  };
  const onEventOf = (userId: string) => (event: ReceivedEvent) => {
    if (event.event === ':') pingTimes.push(event.at);
    if (event.event === 'ready') counts.resyncs++;
    if (event.event !== 'message') return;
    const { partnerId } = JSON.parse(event.data) as { partnerId: string };
    const k = key(userId, partnerId);
    const matched =
      take(awaitingDelivery, k, (sent) => (sent.deliveredAt = event.at)) ||
      take(awaitingEcho, k, (sent) => (sent.echoedAt = event.at));
    if (!matched) counts.unexpected++;
  };

  // The bench's own LISTEN: when the database hands each receiver's notification out.
  const listener = new pg.Client({ connectionString: database.url, application_name: 'lendloop-bench-listener' });
  await listener.connect();
  listener.on('notification', (message) => {
    const at = performance.now();
    if (message.channel !== LIVE_CHANNEL || !message.payload) return;
    const { userIds, event } = JSON.parse(message.payload) as { userIds: string[]; event: { type: string } };
    if (event.type !== 'message' || !('partnerId' in event)) return;
    for (const userId of userIds)
      take(awaitingNotify, key(userId, String(event.partnerId)), (s) => (s.notifiedAt = at));
  });
  await listener.query(`LISTEN ${LIVE_CHANNEL}`);

  // Receivers on B when there is one (so delivery crosses instances), senders always on A, where the POSTs go.
  const placement = pairs.flatMap(({ sender, receiver }) => [
    { user: sender, instance: 'A' as const },
    { user: receiver, instance: instances.B ? ('B' as const) : ('A' as const) },
  ]);
  const memoryOf = async (instance: RunningProcess | undefined) =>
    instance?.pid ? ((await statusKiB(instance.pid, 'VmRSS')) ?? null) : null;
  const names = instances.B ? (['A', 'B'] as const) : (['A'] as const);
  const rssBefore = await Promise.all(names.map((n) => memoryOf(instances[n])));

  const streams: OpenStream[] = [];
  const agent = postAgent();
  /** Sends `total` messages at the rate, open loop, then waits for their events (at most the grace period). */
  const sendAtRate = async (total: number, phase: string) => {
    const all: Sent[] = [];
    const posts: Promise<void>[] = [];
    const started = performance.now();
    for (let seq = 0; seq < total; seq++) {
      await sleep(started + (seq * 1000) / messagesPerSecond - performance.now());
      const pair = pairs[seq % pairs.length];
      if (!pair) break;
      const sent: Sent = { startedAt: performance.now() };
      const queues = [
        [awaitingDelivery, key(pair.receiver.id, pair.sender.id)],
        [awaitingEcho, key(pair.sender.id, pair.receiver.id)],
        [awaitingNotify, key(pair.receiver.id, pair.sender.id)],
      ] as const;
      for (const [queue, k] of queues) queue.set(k, [...(queue.get(k) ?? []), sent]);
      all.push(sent);
      // Nothing was stored, so nothing will arrive: stop waiting for it.
      const forget = () => {
        for (const [queue, k] of queues)
          queue.set(
            k,
            (queue.get(k) ?? []).filter((s) => s !== sent),
          );
      };
      const body = { receiverId: pair.receiver.id, content: `Live bench ${name} ${phase} #${seq}` };
      posts.push(
        postJson(agent, instances.A.origin, '/api/messages', pair.sender.cookie, body).then(
          ({ status }) => {
            sent.answeredAt = performance.now();
            sent.status = status;
            if (status !== 201) forget();
          },
          () => {
            sent.status = 0;
            forget();
          },
        ),
      );
    }
    await Promise.all(posts);
    const done = () => all.every((s) => s.status !== 201 || (s.deliveredAt !== undefined && s.echoedAt !== undefined));
    const graceEnd = performance.now() + options.graceSeconds * 1000;
    while (!done() && performance.now() < graceEnd) await sleep(50);
    // Late events of this phase must not be taken for the next one's.
    for (const queue of [awaitingDelivery, awaitingEcho, awaitingNotify]) queue.clear();
    return { all, started };
  };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  try {
    const openStarted = performance.now();
    for (let i = 0; i < placement.length; i += OPEN_CONCURRENCY) {
      const batch = placement.slice(i, i + OPEN_CONCURRENCY);
      streams.push(
        ...(await Promise.all(
          batch.map(({ user, instance }) =>
            openEventStream(instances[instance]?.origin ?? '', user.cookie, onEventOf(user.id)),
          ),
        )),
      );
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    // Let the allocations of the opening settle before reading the memory.
    await sleep(1_000);
    const rssOpen = await Promise.all(names.map((n) => memoryOf(instances[n])));
    options.log(`live (${name}): ${streams.length} streams open in ${openSeconds.toFixed(1)} s`);

    // Unrecorded warm-up: the first half second of sends through a fresh server took 380–470 ms
    // (statements prepared on each pooled connection, code not yet optimised); its losses still count.
    const warmUp = await sendAtRate(Math.round(messagesPerSecond * WARM_UP_SECONDS), 'warm-up');
    loopDelay.enable();
    const { all, started } = await sendAtRate(Math.round(messagesPerSecond * seconds), 'measured');
    loopDelay.disable();
    const rssAfter = await Promise.all(names.map((n) => memoryOf(instances[n])));

    const stored = all.filter((s) => s.status === 201);
    const delivered = stored.filter((s) => s.deliveredAt !== undefined);
    const postStatus: Record<string, number> = {};
    for (const s of all) postStatus[String(s.status)] = (postStatus[String(s.status)] ?? 0) + 1;
    const answered = (s: Sent) => s.answeredAt ?? s.startedAt;
    const afterAnswer = percentiles(delivered.map((s) => Math.max(0, (s.deliveredAt ?? 0) - answered(s))));
    const notified = delivered.filter((s) => s.notifiedAt !== undefined);
    const memory: InstanceMemory[] = names.map((instance, i) => {
      const streamsHere = placement.filter((p) => p.instance === instance).length;
      const [before, open, after] = [rssBefore[i] ?? null, rssOpen[i] ?? null, rssAfter[i] ?? null];
      return {
        instance,
        streams: streamsHere,
        rssBeforeMiB: before === null ? null : before / 1024,
        rssOpenMiB: open === null ? null : open / 1024,
        rssAfterSendingMiB: after === null ? null : after / 1024,
        perStreamKiB: before === null || open === null || streamsHere === 0 ? null : (open - before) / streamsHere,
      };
    });
    const warmUpStored = warmUp.all.filter((s) => s.status === 201);
    const warmUpLost = warmUpStored.filter((s) => s.deliveredAt === undefined).length;
    const lost = stored.length - delivered.length + warmUpLost;
    const second = (at: number) => (at - started) / 1000;
    const pingsDuring = pingTimes.filter((at) => at >= started).map(second);
    // Sends that started within half a second of the streams' pings (which queue 1 session check per stream).
    const [pingFrom, pingTo] = [Math.min(...pingsDuring) - 0.5, Math.max(...pingsDuring) + 0.5];
    const nearPings = (at: number) => pingsDuring.length > 0 && at >= pingFrom && at <= pingTo;
    const slowest = all
      .filter((s) => s.answeredAt !== undefined)
      .sort((a, b) => answered(b) - b.startedAt - (answered(a) - a.startedAt))
      .slice(0, 8)
      .map((s) => ({
        atSecond: second(s.startedAt),
        postMs: answered(s) - s.startedAt,
        toNotifyMs: s.notifiedAt === undefined ? null : s.notifiedAt - s.startedAt,
      }));
    return {
      name,
      streams: streams.length,
      messagesPerSecond,
      seconds,
      openSeconds,
      sent: all.length,
      warmUpMessages: warmUp.all.length,
      postErrors: all.length - stored.length + warmUp.all.length - warmUpStored.length,
      postStatus,
      delivered: delivered.length,
      lost,
      echoesLost: [...warmUpStored, ...stored].filter((s) => s.echoedAt === undefined).length,
      unexpectedEvents: counts.unexpected,
      resyncs: counts.resyncs,
      streamsEnded: streams.filter((s) => s.endedUnexpectedly).length,
      beforeAnswer: delivered.filter((s) => (s.deliveredAt ?? 0) < answered(s)).length,
      afterAnswerMs: afterAnswer,
      fromRequestMs: percentiles(delivered.map((s) => (s.deliveredAt ?? 0) - s.startedAt)),
      fromRequestAwayFromPingsMs: percentiles(
        delivered.filter((s) => !nearPings(second(s.startedAt))).map((s) => (s.deliveredAt ?? 0) - s.startedAt),
      ),
      postMs: percentiles(all.filter((s) => s.answeredAt !== undefined).map((s) => answered(s) - s.startedAt)),
      toNotifyMs: percentiles(notified.map((s) => (s.notifiedAt ?? 0) - s.startedAt)),
      notifyToEventMs: percentiles(notified.map((s) => (s.deliveredAt ?? 0) - (s.notifiedAt ?? 0))),
      slowest,
      pings: {
        count: pingsDuring.length,
        firstSecond: pingsDuring.length > 0 ? Math.min(...pingsDuring) : null,
        lastSecond: pingsDuring.length > 0 ? Math.max(...pingsDuring) : null,
      },
      benchLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      memory,
      budget: {
        p99Ms: LIVE_BUDGET.p99Ms,
        p99Met: afterAnswer.p99 <= LIVE_BUDGET.p99Ms,
        lostMet: lost <= LIVE_BUDGET.lost,
      },
    };
  } finally {
    loopDelay.disable();
    for (const stream of streams) stream.close();
    agent.destroy();
    await listener.end().catch(() => undefined);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
