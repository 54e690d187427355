import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';
import { mkdtempSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { createSession } from '@/server/auth/session-store';
import { loadConfig } from '@/server/config/config';
import type { Database } from '@/server/db/client';
import type { LiveEvent } from '@/contract/schemas/live-events';
import { createInProcessEventBus, type LiveEventBus, type LiveEventDelivery } from '@/server/events/live-event-bus';

/*
 * Test support for the live-event tests (imported only by *.test.ts): an
 * app instance on a real port, and a small SSE client.
 */

export interface LiveTestApp {
  app: FastifyInstance;
  baseUrl: string;
  /** Cookie header of a fresh session for `userId`. */
  cookieFor(userId: string): Promise<string>;
  /** GET /api/events as the holder of `cookie` (none: signed out). */
  openStream(cookie?: string): Promise<SseStream>;
  /** `app.inject` as `user`, from our own origin so writes pass the cross-origin guard. */
  request(user: { id: string }, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * One app instance listening on 127.0.0.1 with an ephemeral port. Several
 * may share a database, each with its own bus: that is the multi-instance
 * set-up of production.
 */
export async function startLiveTestApp(options: {
  db: Database;
  liveEvents?: LiveEventBus;
  pingMs?: number;
}): Promise<LiveTestApp> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-live-')),
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    db: options.db,
    logger: false,
    clientDir: '/nonexistent',
    liveEvents: options.liveEvents,
    liveStreamPingMs: options.pingMs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    cookieFor: async (userId) => `lendloop_session=${await createSession(options.db, userId, null)}`,
    openStream: (cookie) => openSseStream(`${baseUrl}/api/events`, cookie),
    request: async (user, request) =>
      app.inject({
        ...request,
        headers: {
          origin: config.publicUrl.origin,
          cookie: `lendloop_session=${await createSession(options.db, user.id, null)}`,
          ...request.headers,
        },
      }),
  };
}

/** One block of a server-sent-events stream: an event, or a comment such as `: ping`. */
export type SseBlock = { kind: 'event'; event: string; data: string } | { kind: 'comment'; text: string };

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The response body as text when the server refused the stream (status ≠ 200). */
  body: Promise<string>;
  /** The next block not yet taken; rejects after `timeoutMs` or when the stream ends first. */
  next(timeoutMs?: number): Promise<SseBlock>;
  /** The next event, skipping comments. */
  nextEvent(timeoutMs?: number): Promise<{ event: string; data: string }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A minimal EventSource for server tests over a real socket (app.inject
 * cannot stream): a GET with the cookie, the body split into SSE blocks.
 */
export function openSseStream(url: string, cookie?: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: cookie ? { cookie } : {} }, (response) => {
      response.setEncoding('utf8');
      const queue: SseBlock[] = [];
      const waiters: { resolve: (block: SseBlock) => void; reject: (error: Error) => void }[] = [];
      let buffer = '';
      let raw = '';
      let finished = false;
      let markEnded: () => void = () => undefined;
      const ended = new Promise<void>((done) => (markEnded = done));

      const push = (block: SseBlock) => {
        const waiter = waiters.shift();
        if (waiter) waiter.resolve(block);
        else queue.push(block);
      };
      const finish = () => {
        if (finished) return;
        finished = true;
        markEnded();
        for (const waiter of waiters.splice(0)) waiter.reject(new Error('stream ended'));
      };
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = parseBlock(buffer.slice(0, boundary));
          buffer = buffer.slice(boundary + 2);
          if (block) push(block);
          boundary = buffer.indexOf('\n\n');
        }
      });
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);

      const next = (timeoutMs = 5_000) =>
        new Promise<SseBlock>((resolveBlock, rejectBlock) => {
          const queued = queue.shift();
          if (queued) return resolveBlock(queued);
          if (finished) return rejectBlock(new Error('stream ended'));
          const waiter = {
            resolve: (block: SseBlock) => {
              clearTimeout(timer);
              resolveBlock(block);
            },
            reject: (error: Error) => {
              clearTimeout(timer);
              rejectBlock(error);
            },
          };
          const timer = setTimeout(() => {
            waiters.splice(waiters.indexOf(waiter), 1);
            rejectBlock(new Error(`no SSE block within ${timeoutMs} ms`));
          }, timeoutMs);
          waiters.push(waiter);
        });

      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: ended.then(() => raw),
        next,
        async nextEvent(timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const block = await next(Math.max(1, deadline - Date.now()));
            if (block.kind === 'event') return { event: block.event, data: block.data };
          }
        },
        ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

function parseBlock(text: string): SseBlock | null {
  const lines = text.split('\n');
  if (lines.every((line) => line.startsWith(':'))) {
    return { kind: 'comment', text: lines.map((line) => line.slice(1).trim()).join('\n') };
  }
  let event = 'message';
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return data.length > 0 ? { kind: 'event', event, data: data.join('\n') } : null;
}

/** An in-process bus that also records every call made to it (how many, and what each addressed). */
export interface RecordingBus extends LiveEventBus {
  calls: { method: 'publish' | 'publishMany'; deliveries: LiveEventDelivery[] }[];
  /** Every event addressed to `userId` so far, in order. */
  eventsOf(userId: string): LiveEvent[];
  reset(): void;
}

export function createRecordingBus(): RecordingBus {
  const inner = createInProcessEventBus();
  const calls: RecordingBus['calls'] = [];
  return {
    ...inner,
    calls,
    publish(userIds, event) {
      calls.push({ method: 'publish', deliveries: [{ userIds: [...userIds], event }] });
      return inner.publish(userIds, event);
    },
    publishMany(deliveries) {
      calls.push({ method: 'publishMany', deliveries: deliveries.map((d) => ({ ...d, userIds: [...d.userIds] })) });
      return inner.publishMany(deliveries);
    },
    eventsOf: (userId) =>
      calls.flatMap((call) => call.deliveries.filter((d) => d.userIds.includes(userId)).map((d) => d.event)),
    reset: () => void calls.splice(0),
  };
}

export interface RecordingBusApp {
  database: TestDatabase;
  bus: RecordingBus;
  t: LiveTestApp;
}

/**
 * For a test file: a fresh database and an app on a real port whose bus
 * records what is published (emptied before each test). Registers its own
 * set-up and tear-down hooks; read the fields inside tests only.
 */
export function useRecordingBusApp(): RecordingBusApp {
  const live = {} as RecordingBusApp;
  beforeAll(async () => {
    live.database = await createTestDatabase();
    live.bus = createRecordingBus();
    live.t = await startLiveTestApp({ db: live.database.db, liveEvents: live.bus });
  });
  beforeEach(() => live.bus.reset());
  afterAll(async () => {
    await live.t.app.close();
    await live.database.destroy();
  });
  return live;
}
