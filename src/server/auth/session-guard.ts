import type { FastifyInstance } from 'fastify';
import { SessionCache, SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_TTL_MS } from './session-cache';
import { findActiveSession } from './session-store';
import type { Database } from '../db/client';
import type { LiveEventBus } from '../events/live-event-bus';
import { AppError } from '../http/app-error';
import { isApiRequest } from '../http/route-path';
import type { SessionCookieSettings } from '../http/session-cookie';

/**
 * Loads the session for API requests and refuses every API route that did not
 * declare `config: { public: true }`: authentication is deny-by-default.
 * It runs at preValidation: after the rate limiter (a throttled client costs
 * no session lookup) and before input validation (signed-out callers learn
 * nothing about a route's input rules).
 */
export function registerSessionGuard(
  app: FastifyInstance,
  db: Database,
  cookie: SessionCookieSettings,
  cache?: SessionCache,
): void {
  app.decorateRequest('auth', null);

  app.addHook('preValidation', async (request) => {
    if (!isApiRequest(request)) return;
    const token = request.cookies[cookie.name];
    if (token) request.auth = await findActiveSession(db, token, new Date(), cache);
    if (!request.auth && !request.routeOptions.config.public) throw AppError.unauthenticated();
  });

  if (cache) {
    // A change to the signer's own account must show in their next request
    // without waiting for the trigger's notification to come back, so this
    // instance forgets them before the answer leaves. Such changes are the
    // routes marked `changesAccount` (account-changing-routes.test.ts finds
    // the routes whose files reach a write to users or sessions) and the answers
    // that set or clear the session cookie (sign-in's callback, sign-out).
    // Other writes keep the cached session: forgetting it after every POST
    // cost each write a session read (docs/decisions/0034).
    // @fastify/cookie, registered before this hook, has set its header by now.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.auth) return payload;
      if (request.routeOptions.config.changesAccount || setsCookie(reply.getHeader('set-cookie'), cookie.name)) {
        cache.forgetUser(request.auth.user.id);
      }
      return payload;
    });
  }
}

/**
 * The session cache (docs/decisions/0031-session-cache.md), when `bus` hears
 * the auth changes of every instance; none otherwise (one process with the
 * in-process bus: tests, tools), where every request looks its session up.
 * It serves only while the bus listens. `close` stops listening.
 *
 * Kept in PostgreSQL too: the auth_change_notify_* triggers tell every instance whom to forget (drizzle/0017_auth_change_notify.sql); see docs/database-rules.md.
 */
export function sessionCacheFor(
  bus: LiveEventBus,
  options = { ttlMs: SESSION_CACHE_TTL_MS },
): { cache: SessionCache; close(): void } | undefined {
  if (!bus.onAuthChange || !bus.onListening) return undefined;
  const cache = new SessionCache({ ttlMs: options.ttlMs, maxEntries: SESSION_CACHE_MAX_ENTRIES });
  const unsubscribe = [
    bus.onAuthChange((userId) => (userId === EVERYONE ? cache.forgetAll() : cache.forgetUser(userId))),
    bus.onListening((listening) => (listening ? cache.resume() : cache.suspend())),
  ];
  return {
    cache,
    close() {
      for (const stop of unsubscribe) stop();
      cache.suspend();
    },
  };
}

/** The payload of an auth change that cannot name its people (TRUNCATE, migration 0017). */
const EVERYONE = '*';

function setsCookie(header: number | string | string[] | undefined, name: string): boolean {
  const values = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return values.some((value) => value.startsWith(`${name}=`));
}
