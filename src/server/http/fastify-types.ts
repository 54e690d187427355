import type { ActiveSession } from '../auth/session-store';

declare module 'fastify' {
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
