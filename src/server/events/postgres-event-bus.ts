import pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { liveEventSchema, type LiveEvent } from '../../contract/schemas/live-events';
import { LocalListeners, type LiveEventBus, type LiveEventDelivery } from './live-event-bus';

/** The one NOTIFY channel every instance on the database listens to. */
export const LIVE_CHANNEL = 'lendloop_live';
/**
 * Sessions or people that changed (migration 0017's triggers): the payload is
 * a user id, whose cached sessions every instance drops (session-cache.ts).
 *
 * Kept in PostgreSQL too: the auth_change_notify_* triggers send on it (drizzle/0017_auth_change_notify.sql); see docs/database-rules.md.
 */
export const AUTH_CHANNEL = 'lendloop_auth';
/** Names the listening connection in pg_stat_activity (operators, and the reconnect test). */
export const LISTENER_APPLICATION_NAME = 'lendloop-live-listener';
/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay below with
 * a margin. A longer list of recipients is split over several notifications.
 */
export const MAX_PAYLOAD_BYTES = 7900;

const payloadSchema = z.object({ userIds: z.array(z.string()), event: liveEventSchema });

export interface PostgresEventBusOptions {
  /** The database every instance shares (the one the app uses). */
  url: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Sends the notifications; defaults to a small pool of the bus's own (closed with it). */
  publishPool?: pg.Pool;
  /** Waits between reconnection attempts of the listening connection: doubling from min, capped at max. */
  reconnectDelayMs?: { min: number; max: number };
  /**
   * The listening connection is first opened once this resolves (main.ts: once
   * the embedded database exists, while the app is built beside its creation).
   * If it rejects, the bus never connects: the start-up fails on that error.
   */
  startAfter?: Promise<unknown>;
}

export interface PostgresEventBus extends LiveEventBus {
  onResync(listener: () => void): () => void;
  /** Resolves once the listening connection has run LISTEN (start-up, tests). */
  ready(): Promise<void>;
  /** Calls `listener` with the user id of each auth-change notification (AUTH_CHANNEL). */
  onAuthChange(listener: (userId: string) => void): () => void;
  /**
   * Calls `listener(true)` each time the listening connection has run LISTEN,
   * and `listener(false)` as soon as it is lost: from then on notifications
   * may be missed until it is back. Called at once with the current state.
   */
  onListening(listener: (listening: boolean) => void): () => void;
}

/**
 * Live events across every instance on one database (PostgreSQL
 * LISTEN/NOTIFY; docs/decisions/0011-live-updates.md). `publish` and
 * `publishMany` are one `pg_notify` statement each;
 * a dedicated connection LISTENs and hands what arrives, this instance's own
 * notifications included, to the local listeners. Drizzle has no LISTEN API,
 * hence the plain pg.Client.
 */
export function createPostgresEventBus(options: PostgresEventBusOptions): PostgresEventBus {
  const { url, logger } = options;
  const delays = options.reconnectDelayMs ?? { min: 500, max: 30_000 };
  const listeners = new LocalListeners();
  const resyncListeners = new Set<() => void>();
  const authListeners = new Set<(userId: string) => void>();
  const listeningListeners = new Set<(listening: boolean) => void>();
  const setListening = (listening: boolean) => {
    for (const listener of listeningListeners) listener(listening);
  };
  const ownPool = options.publishPool ? undefined : new pg.Pool({ connectionString: url, max: 2 });
  // An idle publishing connection that drops must not crash the process; the pool replaces it.
  ownPool?.on('error', () => undefined);
  const publishPool = options.publishPool ?? ownPool;

  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let everConnected = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  let readyPromise = new Promise<void>((resolve) => (markReady = resolve));

  const onNotification = (message: pg.Notification) => {
    if (message.channel === AUTH_CHANNEL) {
      if (message.payload) for (const listener of authListeners) listener(message.payload);
      return;
    }
    if (message.channel !== LIVE_CHANNEL || message.payload === undefined) return;
    const parsed = parsePayload(message.payload);
    if (!parsed) {
      logger.warn({ payload: message.payload.slice(0, 200) }, 'live events: dropped an invalid notification');
      return;
    }
    listeners.deliver(parsed.userIds, parsed.event);
  };

  const connect = async () => {
    retryTimer = undefined;
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      // Notice a silently dead link (no FIN from a vanished server) within a minute, not hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) {
        client = undefined;
        setListening(false);
      }
      next.removeAllListeners('notification');
      // Calling end() again on a broken client is harmless and frees its socket.
      void next.end().catch(() => undefined);
      if (closed) return;
      logger.warn({ err: error }, 'live events: listening connection lost, reconnecting');
      readyPromise = new Promise<void>((resolve) => (markReady = resolve));
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${AUTH_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost) return;
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    setListening(true);
    markReady();
    if (everConnected) {
      logger.info('live events: listening again');
      // Notifications sent while we were away are gone: let the streams tell their clients to refetch.
      for (const listener of resyncListeners) listener();
    }
    everConnected = true;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const base = Math.min(delays.max, delays.min * 2 ** attempt);
    attempt += 1;
    // Jitter, so instances that lost the database together do not return in lockstep.
    const wait = base / 2 + Math.random() * (base / 2);
    retryTimer = setTimeout(() => void connect(), wait);
  };

  (options.startAfter ?? Promise.resolve()).then(
    () => void connect(),
    () => undefined,
  );

  /** One statement, however many payloads: they commit (and arrive) together and in order. */
  const send = async (deliveries: readonly LiveEventDelivery[]) => {
    try {
      const payloads = deliveries.flatMap(({ userIds, event }) => notificationPayloads(userIds, event));
      if (payloads.length === 0 || !publishPool) return;
      await publishPool.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
        LIVE_CHANNEL,
        payloads,
      ]);
    } catch (error) {
      // The change itself has committed; a lost live event only delays the
      // client's refresh (it refetches when its stream reconnects). Failing
      // the request now would invite a retry that repeats the change.
      const eventTypes = [...new Set(deliveries.map(({ event }) => event.type))];
      logger.error({ err: error, eventTypes }, 'live events: publishing failed');
    }
  };

  return {
    publish: (userIds, event) => send([{ userIds, event }]),
    publishMany: send,
    subscribe: (userId, listener) => listeners.add(userId, listener),
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    ready: () => readyPromise,
    onAuthChange(listener) {
      authListeners.add(listener);
      return () => authListeners.delete(listener);
    },
    onListening(listener) {
      listeningListeners.add(listener);
      listener(client !== undefined);
      return () => listeningListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (client) setListening(false);
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
      await ownPool?.end().catch(() => undefined);
    },
  };
}

/**
 * The NOTIFY payloads for one publish: `{ userIds, event }` as JSON, split so
 * that each stays under MAX_PAYLOAD_BYTES. Events carry ids only, so only a
 * long recipient list (a network request to a big network) needs splitting.
 */
export function notificationPayloads(userIds: readonly string[], event: LiveEvent): string[] {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const eventJson = JSON.stringify(event);
  const emptyBytes = Buffer.byteLength(`{"userIds":[],"event":${eventJson}}`);
  if (emptyBytes >= MAX_PAYLOAD_BYTES) throw new Error(`live event too large for NOTIFY (${emptyBytes} bytes)`);
  const payloads: string[] = [];
  let chunk: string[] = [];
  let bytes = emptyBytes;
  for (const userId of unique) {
    const idBytes = Buffer.byteLength(JSON.stringify(userId)) + (chunk.length > 0 ? 1 : 0);
    if (chunk.length > 0 && bytes + idBytes >= MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ userIds: chunk, event }));
      chunk = [];
      bytes = emptyBytes;
      // First id of the new chunk: no comma before it.
      bytes += idBytes - 1;
    } else {
      bytes += idBytes;
    }
    chunk.push(userId);
  }
  payloads.push(JSON.stringify({ userIds: chunk, event }));
  return payloads;
}

function parsePayload(payload: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
