import type { ActiveSession } from '../auth/session-store';
import type { LiveEventBus } from '../events/live-event-bus';

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
  }
}

export {};
