import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  networkRequestCreatedSchema,
  networkRequestFormSchema,
  networkRequestMessageParamsSchema,
  networkRequestResponseSchema,
  respondToNetworkRequestSchema,
} from '../../contract/schemas/network-request';
import type { Database } from '../db/client';
import { authorize, requireActor, type Actor } from '../policies';
import { createNetworkRequest } from './create-network-request';
import { respondToNetworkRequest } from './respond-to-network-request';

/** A user id in the body names the acting user (docs/decisions/0005). */
function ensureActingAs(actor: Actor, userId: string | undefined) {
  if (userId !== undefined) authorize(actor, 'user:actAs', { id: userId });
}

/** Spec §7 "Network requests": ask the whole network, and answer from the message it sent. */
export const networkRequestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/network-requests',
    { schema: { body: networkRequestFormSchema, response: { 201: networkRequestCreatedSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.requesterId);
      return reply.status(201).send(await createNetworkRequest(db, app.liveEvents, actor, request.body));
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
      const answer = await respondToNetworkRequest(db, app.liveEvents, actor, request.params.messageId, request.body);
      return reply.status(201).send(answer);
    },
  );
};
