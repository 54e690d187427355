import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import type { PhotoBucket } from '../photos/bucket/photo-bucket';

/**
 * A supervisor or load balancer polls this every few seconds: it must answer
 * quickly even when the database hangs (a blackholed link) rather than refuses.
 */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

type PartState = 'ok' | 'unavailable';

/**
 * Liveness + readiness (docs/decisions/0019): 200 when the database answers,
 * 503 otherwise. With a photo bucket (docs/decisions/0050) it is probed too
 * and reported under `parts`, but a bucket that is down leaves the answer at
 * 200 (`degraded`): only photos fail then, and a load balancer that took
 * every instance out for it would take the whole app down with the photos.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Database; photoBucket: PhotoBucket | undefined }> = async (
  app,
  { db, photoBucket },
) => {
  // One bucket probe at a time, however many ask: /healthz is public and not rate limited.
  let bucketProbe: Promise<PartState> | undefined;
  const probeBucket = (bucket: PhotoBucket) => {
    bucketProbe ??= withinProbeTimeout(bucket.probe(), (error) =>
      app.log.warn({ err: error, bucket: bucket.name }, 'health check: photo bucket unreachable'),
    ).finally(() => {
      bucketProbe = undefined;
    });
    return bucketProbe;
  };

  app.get('/healthz', { config: { public: true, rateLimit: false } }, async (request, reply) => {
    const [database, photoStorage] = await Promise.all([
      withinProbeTimeout(db.execute(sql`SELECT 1`), (error) =>
        request.log.warn({ err: error }, 'health check: database unreachable'),
      ),
      photoBucket ? probeBucket(photoBucket) : undefined,
    ]);
    if (photoStorage === 'unavailable')
      request.log.warn({ bucket: photoBucket?.name }, 'health check: photo bucket unreachable');
    const parts = photoStorage ? { database, photoStorage } : { database };
    if (database !== 'ok') return reply.status(503).send({ status: 'unavailable', parts });
    return { status: photoStorage === 'unavailable' ? 'degraded' : 'ok', parts };
  });
};

async function withinProbeTimeout(probe: Promise<unknown>, log?: (error: unknown) => void): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('health check: no answer in time')), HEALTH_PROBE_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    log?.(error);
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}
