import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';

/**
 * A supervisor or load balancer polls this every few seconds: it must answer
 * quickly even when the database hangs (a blackholed link) rather than refuses.
 */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

/** Liveness + readiness: 200 when the database answers, 503 otherwise (docs/decisions/0019). */
export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/healthz', { config: { public: true, rateLimit: false } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`SELECT 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('health check: no answer in time')), HEALTH_PROBE_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
};
