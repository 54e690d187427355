/**
 * What the server adds to Fastify's types. A declaration only, picked up by
 * the compiler through tsconfig's `include` (no module needs to import it),
 * at the top of the server's layers because it names types from below
 * (auth's session, events' bus): eslint.config.js, "Server layers".
 */
import type { ActiveSession } from './auth/session-store';
import type { LiveEventBus } from './events/live-event-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to the signed-in users' streams (src/server/events). */
    liveEvents: LiveEventBus;
  }
  interface FastifyRequest {
    /** The signed-in session, loaded from the session cookie; null when signed out. */
    auth: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /** API routes require a signed-in user unless they opt out here (deny by default). */
    public?: boolean;
    /**
     * The route may change the signed-in person's own row or sessions (a
     * profile edit, account deletion): this instance forgets their cached
     * session before the answer leaves (session-guard.ts, docs/decisions/0034).
     * `account-changing-routes.test.ts` finds the routes that need it.
     */
    changesAccount?: boolean;
  }
}

export {};
