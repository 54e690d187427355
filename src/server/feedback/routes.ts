import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannerStateSchema, dismissBannerSchema, feedbackSchema } from '../../contract/schemas/feedback';
import type { Database } from '../db/client';
import { ensureActingAs, requireActor } from '../policies';
import { bannerState, dismissBanner } from './banner';
import { submitFeedback } from './submit-feedback';

/**
 * Spec §7 "Banner, feedback". Dismissing and sending answer the banner's new
 * state (`{ show: false }`), so the client can set its query data without
 * asking again. A `userId` in a body must be the signed-in user (403).
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/banner/should-show', { schema: { response: { 200: bannerStateSchema } } }, async (request) =>
    bannerState(db, requireActor(request)),
  );

  // The body is optional: Fastify hands a body-less POST to the schema as null.
  app.post(
    '/api/banner/dismiss',
    {
      config: { changesAccount: true },
      schema: { body: dismissBannerSchema.nullish(), response: { 200: bannerStateSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body?.userId);
      return dismissBanner(db, actor);
    },
  );

  app.post(
    '/api/feedback',
    { config: { changesAccount: true }, schema: { body: feedbackSchema, response: { 201: bannerStateSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.userId);
      return reply.status(201).send(await submitFeedback(db, actor, request.body));
    },
  );
};
