/** The live delivery figure's shape and its lines in the report (bench/server/live.ts measures it). */

export const LIVE_BUDGET = { p99Ms: 100, lost: 0 } as const;

export interface Percentiles {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface InstanceMemory {
  instance: 'A' | 'B';
  streams: number;
  rssBeforeMiB: number | null;
  rssOpenMiB: number | null;
  rssAfterSendingMiB: number | null;
  /** (RSS with the streams open − RSS before) ÷ streams on this instance. */
  perStreamKiB: number | null;
}

export interface LiveVariant {
  name: 'one instance' | 'two instances';
  streams: number;
  messagesPerSecond: number;
  seconds: number;
  /** Seconds to open every stream (GET /api/events up to its `ready`, 50 at a time). */
  openSeconds: number;
  sent: number;
  /** Sent before the measured ones at the same rate, not recorded (their losses and errors still count). */
  warmUpMessages: number;
  /** POSTs that did not answer 201 (and how they answered). */
  postErrors: number;
  postStatus: Record<string, number>;
  /** Receivers' `message` events, each matched to its POST by (receiver, sender) in order. */
  delivered: number;
  /** Messages answered 201 whose receiver had no `message` event after the grace period. */
  lost: number;
  /** The senders' own `message` events (their other tabs learn of the conversation), missing. */
  echoesLost: number;
  /** `message` events that matched no POST, second `ready`s (resyncs), streams the server ended. */
  unexpectedEvents: number;
  resyncs: number;
  streamsEnded: number;
  /** Events parsed before the POST's answer arrived (the server publishes before it answers). */
  beforeAnswer: number;
  /** Receiver's event − the POST's answer, at least 0: what a person waits after seeing "sent". */
  afterAnswerMs: Percentiles;
  /** Receiver's event − the POST's start. */
  fromRequestMs: Percentiles;
  /** The same, without the sends that started within 0.5 s of the streams' pings. */
  fromRequestAwayFromPingsMs: Percentiles;
  postMs: Percentiles;
  /** POST start → the NOTIFY at a LISTEN connection of the bench's own (the database's part). */
  toNotifyMs: Percentiles;
  /** That NOTIFY → the receiver's event (the app's LISTEN client, fan-out, the stream's write, the client). */
  notifyToEventMs: Percentiles;
  /** The slowest POSTs: when in the sending they started, and where their time went. */
  slowest: { atSecond: number; postMs: number; toNotifyMs: number | null }[];
  /**
   * The streams' `: ping` comments during the sending (seconds into it): each ping re-checks its
   * stream's session in the database, and streams opened together ping together.
   */
  pings: { count: number; firstSecond: number | null; lastSecond: number | null };
  /** The bench process's own event-loop delay while sending (it reads every stream). */
  benchLoopDelayP99Ms: number;
  memory: InstanceMemory[];
  budget: { p99Ms: number; p99Met: boolean; lostMet: boolean };
}

export interface LiveMeasurement {
  variants: LiveVariant[];
}

export function percentiles(values: readonly number[]): Percentiles {
  if (values.length === 0) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return {
    count: sorted.length,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: sorted[sorted.length - 1] ?? 0,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
  };
}

/** Lost events and failed POSTs are wrong answers (the error budget); latency is for reading. */
export function liveErrors(result: LiveMeasurement): number {
  return result.variants.reduce((sum, v) => sum + v.lost + v.echoesLost + v.postErrors + v.streamsEnded, 0);
}

const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} ms`;
const mib = (value: number | null) => (value === null ? '?' : value.toFixed(0));
const sec = (value: number | null) => (value === null ? '?' : value.toFixed(1));
const kib = (value: number | null) => (value === null ? '?' : value.toFixed(1));

/** One line per variant (the human-readable log line, and the report's paragraph). */
export function liveSummary(v: LiveVariant): string {
  const memory = v.memory
    .map(
      (m) => `${m.instance} ${m.streams} streams ${kib(m.perStreamKiB)} KiB each, RSS ${mib(m.rssAfterSendingMiB)} MiB`,
    )
    .join('; ');
  return (
    `live (${v.name}): ${v.streams} streams, ${v.sent} messages at ${v.messagesPerSecond}/s; delivery after the answer ` +
    `${ms(v.afterAnswerMs)} (budget p99 ≤ ${v.budget.p99Ms}: ${v.budget.p99Met ? 'ok' : 'MISSED'}), ` +
    `from the request ${ms(v.fromRequestMs)} (${ms(v.fromRequestAwayFromPingsMs)} away from the pings); ${v.delivered} delivered, ${v.lost} lost, ${v.echoesLost} echoes lost, ` +
    `${v.postErrors} POST errors; ${memory}`
  );
}

export function liveMarkdown(result: LiveMeasurement): string[] {
  const lines = [
    'Live delivery (POST /api/messages between pairs of signed-in users, each holding one GET /api/events stream; ' +
      "latency to the receiver's `message` event):",
    '',
    '| Variant | streams | messages | lost | POST errors | after answer p50 / p99 ms | from request p50 / p99 ms | ' +
      'POST p50 / p99 ms | → NOTIFY p50 / p99 ms | NOTIFY → event p50 / p99 ms | bench loop delay p99 ms | result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const pair = (p: Percentiles) => `${p.p50.toFixed(1)} / ${p.p99.toFixed(1)}`;
  for (const v of result.variants) {
    const met = v.budget.p99Met && v.budget.lostMet;
    lines.push(
      `| ${v.name} | ${v.streams} | ${v.sent} at ${v.messagesPerSecond}/s | ${v.lost} | ${v.postErrors} | ` +
        `${pair(v.afterAnswerMs)} | ${pair(v.fromRequestMs)} | ${pair(v.postMs)} | ${pair(v.toNotifyMs)} | ` +
        `${pair(v.notifyToEventMs)} | ${v.benchLoopDelayP99Ms.toFixed(1)} | ${met ? 'ok' : '**MISSED**'} |`,
    );
  }
  lines.push('');
  for (const v of result.variants) {
    const memory = v.memory
      .map(
        (m) =>
          `instance ${m.instance}: ${m.streams} streams, RSS ${mib(m.rssBeforeMiB)} → ${mib(m.rssOpenMiB)} MiB open ` +
          `(${kib(m.perStreamKiB)} KiB per stream), ${mib(m.rssAfterSendingMiB)} MiB after sending`,
      )
      .join('; ');
    lines.push(
      `- ${v.name}: streams opened in ${v.openSeconds.toFixed(1)} s; ${memory}. ${v.warmUpMessages} unrecorded ` +
        `warm-up messages first. ${v.beforeAnswer} of ` +
        `${v.delivered} events arrived before their POST's answer (counted as 0 ms after it); ` +
        `${v.echoesLost} sender echoes missing, ${v.unexpectedEvents} unmatched events, ${v.resyncs} resyncs, ` +
        `${v.streamsEnded} streams ended by the server. ${v.pings.count} pings between ` +
        `${sec(v.pings.firstSecond)} and ${sec(v.pings.lastSecond)} s into the sending; from the request ` +
        `${ms(v.fromRequestAwayFromPingsMs)} for the ${v.fromRequestAwayFromPingsMs.count} sends that started ` +
        `more than 0.5 s away from them; slowest POSTs (second: ` +
        `POST ms / to NOTIFY ms): ${v.slowest.map((s) => `${s.atSecond.toFixed(1)}: ${s.postMs.toFixed(0)} / ${s.toNotifyMs?.toFixed(0) ?? '?'}`).join(', ')}.`,
    );
  }
  return lines;
}
