import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountParamsSchema } from '../../contract/schemas/gdpr';
import type { Database } from '../db/client';
import type { SessionCookieSettings } from '../http/session-cookie';
import type { PhotoStore } from '../photos/photo-store';
import { authorize, requireActor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { announceAccountDeletion, deleteAccount } from './delete-account';
import { exportAccount } from './export-account';

export interface GdprRouteOptions {
  db: Database;
  sessionCookie: SessionCookieSettings;
  photoStore: PhotoStore;
  /** The built-in provider's issuer when it runs (its accounts go with their people), else null. */
  builtinIssuer: string | null;
}

/** `lendloop-2026-11-25.json`: the product and the server's date (UTC), spec §2 GDPR. */
export function exportFileName(now: Date): string {
  return `lendloop-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * An export reads every row and photo of the account: a few a day are what a
 * person needs, more would let one account load the database at will.
 */
export const EXPORT_LIMIT = { max: 5, windowSeconds: 60 * 60 };

/** Spec §7: the data export and the account deletion, each for the signed-in person only. */
export const gdprRoutes: FastifyPluginAsyncZod<GdprRouteOptions> = async (app, options) => {
  const { db, sessionCookie, photoStore } = options;

  app.post('/api/gdpr/export/:userId', { schema: { params: accountParamsSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    authorize(actor, 'account:export', { id: request.params.userId });
    // The export reads every photo: a bucket that is down is a 503 now (not counted against the
    // allowance), not a download broken off midway.
    await photoStore.ensureAvailable();
    await consumeRateLimit(db, { key: `gdpr-export:${actor.id}`, ...EXPORT_LIMIT });
    const now = new Date();
    const body = exportAccount(db, actor.id, { photoStore, now, builtinIssuer: options.builtinIssuer });
    // The first chunk (the profile) is read before answering: a failure there
    // is still a proper error answer, not a truncated file.
    const first = await body.next();
    async function* rest() {
      if (!first.done) yield first.value;
      yield* body;
    }
    // One chunk is one page of rows (or one photo): buffer one, not the default 16.
    const stream = Readable.from(rest(), { highWaterMark: 1 });
    stream.on('error', (error) => request.log.error({ err: error }, 'account export failed mid-stream'));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.delete(
    '/api/gdpr/delete-account/:userId',
    { config: { changesAccount: true }, schema: { params: accountParamsSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const deletion = await deleteAccount(db, actor, request.params.userId, options.builtinIssuer);
      await announceAccountDeletion(db, app.liveEvents, deletion, request.log);
      // The session rows are gone; the cookie goes too (same attributes as when set,
      // or browsers keep a __Host- cookie). Open live streams end at their next
      // ping, which finds no session.
      reply.clearCookie(sessionCookie.name, sessionCookie.options);
      return reply.code(204).send();
    },
  );
};
