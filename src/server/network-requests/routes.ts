import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  networkRequestCreatedSchema,
  networkRequestFormSchema,
  networkRequestMessageParamsSchema,
  networkRequestResponseSchema,
  respondToNetworkRequestSchema,
} from '../../contract/schemas/network-request';
import { LIMITS } from '../../contract/limits';
import type { Database } from '../db/client';
import { ensureActingAs, requireActor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { createNetworkRequest } from './create-network-request';
import { respondToNetworkRequest } from './respond-to-network-request';

/** Spec §7 "Network requests": ask the whole network, and answer from the message it sent. */
export const networkRequestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/network-requests',
    { schema: { body: networkRequestFormSchema, response: { 201: networkRequestCreatedSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.requesterId);
      // Each request messages a whole network: capped per account (docs/decisions/0010).
      await consumeRateLimit(db, {
        key: `network-request:${actor.id}`,
        max: LIMITS.networkRequestsPerHour,
        windowSeconds: 60 * 60,
      });
      return reply.status(201).send(await createNetworkRequest(db, app.liveEvents, actor, request.body, request.log));
    },
  );

  app.post(
    '/api/network-requests/:messageId/respond',
    {
      schema: {
        params: networkRequestMessageParamsSchema,
        body: respondToNetworkRequestSchema,
        response: { 201: networkRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.responderId);
      const { messageId } = request.params;
      const answer = await respondToNetworkRequest(db, app.liveEvents, actor, messageId, request.body, request.log);
      return reply.status(201).send(answer);
    },
  );
};
