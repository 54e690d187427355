import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OutgoingHttpHeaders } from 'node:http';
import type { LiveEvent } from '../../contract/schemas/live-events';
import { sessionStillActive } from '../auth/session-store';
import type { Database } from '../db/client';
import { requireSession } from '../policies';

export const LIVE_EVENTS_URL = '/api/events';
/** Below the usual 30–60 s idle timeouts of proxies and load balancers. */
export const DEFAULT_PING_INTERVAL_MS = 25_000;
/**
 * A client that reads slower than events arrive is cut off beyond this much
 * unsent data rather than buffered without bound; its EventSource reconnects
 * and refetches.
 */
const MAX_BUFFERED_BYTES = 64 * 1024;
/**
 * Open streams per user on one instance (a stream per tab: a few devices
 * with a few tabs each). Past it the oldest stream is closed: it is the tab
 * most likely forgotten, and each stream holds a socket and a subscription,
 * so one account cannot pile them up.
 */
export const MAX_STREAMS_PER_USER = 8;

export interface LiveEventRoutesOptions {
  db: Database;
  /** How often a stream sends a `: ping` comment and re-checks its session. */
  pingIntervalMs?: number;
}

/**
 * GET /api/events: one server-sent-events stream per signed-in tab. It opens
 * with `event: ready`, then carries the actor's own live events (addressed to
 * them at publish time, ids only) and a ping comment that also ends the
 * stream once the session is gone (signed out or expired).
 */
export const liveEventRoutes: FastifyPluginAsyncZod<LiveEventRoutesOptions> = async (app, options) => {
  const { db } = options;
  const bus = app.liveEvents;
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
  const openStreams = new Set<() => void>();
  /** Each user's open streams on this instance, oldest first (a Set keeps insertion order). */
  const streamsByUser = new Map<string, Set<(last?: string) => void>>();

  // An open stream never finishes by itself: end them all before the server
  // closes, or app.close() would wait for the forced-close deadline.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  // The session guard has already answered 401 to anyone signed out.
  app.get(LIVE_EVENTS_URL, async (request, reply) => {
    const session = requireSession(request);
    const userId = session.user.id;
    const res = reply.raw;

    // From here on we write the raw response: Fastify must neither serialise
    // nor end it. Headers set so far (Helmet on the raw response, rate-limit
    // headers on the reply) are kept.
    reply.hijack();
    res.writeHead(200, {
      ...definedHeaders(reply.getHeaders()),
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: proxies must not compress or rewrite the stream.
      'Cache-Control': 'no-cache, no-transform',
      // nginx buffers responses by default, which would hold events back.
      'X-Accel-Buffering': 'no',
    });

    const stream = { ended: false, cleanUp: [] as (() => void)[] };
    /** Ends the stream; `last` is written first (an eviction's reconnect delay). */
    function end(last?: string) {
      if (stream.ended) return;
      if (last !== undefined && !res.writableEnded) res.write(last);
      stream.ended = true;
      for (const cleanUp of stream.cleanUp) cleanUp();
      openStreams.delete(end);
      const remaining = streamsByUser.get(userId);
      remaining?.delete(end);
      if (remaining?.size === 0) streamsByUser.delete(userId);
      if (!res.writableEnded) res.end();
    }
    function write(chunk: string) {
      if (stream.ended) return;
      res.write(chunk);
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        request.log.warn({ userId }, 'live stream: client too slow, closing');
        end();
      }
    }

    openStreams.add(end);
    const usersStreams = streamsByUser.get(userId) ?? new Set<(last?: string) => void>();
    streamsByUser.set(userId, usersStreams);
    usersStreams.add(end);
    for (const oldest of usersStreams) {
      if (usersStreams.size <= MAX_STREAMS_PER_USER) break;
      request.log.info({ userId }, 'live stream: too many open, closing the oldest');
      oldest(EVICTED_RETRY);
    }
    res.on('close', () => end());
    stream.cleanUp.push(bus.subscribe(userId, (event) => write(formatEvent(event))));
    // Events may have been missed: a second `ready` tells the client to refetch.
    if (bus.onResync) stream.cleanUp.push(bus.onResync(() => write(READY)));
    const checkAndPing = () => {
      void sessionStillActive(db, session.idHash).then(
        (active) => (active ? write(': ping\n\n') : end()),
        // A database hiccup is not a sign-out: keep the stream, check again next time.
        (error: unknown) => {
          request.log.warn({ err: error }, 'live stream: session check failed');
          write(': ping\n\n');
        },
      );
    };
    // Each stream keeps its own phase, the first ping between half and one interval in: after a restart every
    // browser reconnects within seconds, and pings in step made all their session checks land in one burst
    // (docs/performance.md, live delivery). The bound "a signed-out stream ends within one interval" holds.
    let ping: NodeJS.Timeout = setTimeout(() => {
      checkAndPing();
      ping = setInterval(checkAndPing, pingIntervalMs);
    }, firstPingDelay(pingIntervalMs));
    stream.cleanUp.push(() => clearTimeout(ping));
    write(READY);
  });
};

const READY = 'event: ready\ndata: {}\n\n';

/** Half an interval plus a random part of the other half. */
export function firstPingDelay(intervalMs: number, random = Math.random()): number {
  return Math.round(intervalMs / 2 + (intervalMs / 2) * random);
}
/**
 * Sent to a stream closed for a newer one: the browser would reconnect
 * within seconds and push out the next oldest, round and round. Told to wait
 * ten minutes, that tab polls meanwhile (pollingWhileOffline).
 */
const EVICTED_RETRY = 'retry: 600000\n\n';

/** One SSE message; the event name is the type, the data the whole event as JSON (one line). */
export function formatEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

function definedHeaders(headers: Record<string, number | string | string[] | undefined>): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
}
