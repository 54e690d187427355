import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockedPeopleSchema, blockedUserParamsSchema, blockUserSchema } from '../../contract/schemas/blocks';
import type { Database } from '../db/client';
import { requireActor } from '../policies';
import { presentBlockedPerson } from './block-presenter';
import { blockUser } from './block-user';
import { listBlockedPeople } from './list-blocked-people';
import { unblockUser } from './unblock-user';

/**
 * Blocking (docs/decisions/0018-messaging-consent-and-blocking.md):
 * - POST /api/blocks `{ userId }` → 204, also when already blocked (idempotent);
 *   400 for oneself, 404 `user_not_found` for an unknown id or a deleted account;
 * - DELETE /api/blocks/{userId} → 204, also when there was no block;
 * - GET /api/blocks → 200, the people the signed-in user blocked, newest first.
 */
export const blockRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/blocks', { schema: { response: { 200: blockedPeopleSchema } } }, async (request) =>
    (await listBlockedPeople(db, requireActor(request))).map(presentBlockedPerson),
  );

  app.post('/api/blocks', { schema: { body: blockUserSchema } }, async (request, reply) => {
    await blockUser(db, app.liveEvents, requireActor(request), request.body.userId, request.log);
    return reply.status(204).send();
  });

  app.delete('/api/blocks/:userId', { schema: { params: blockedUserParamsSchema } }, async (request, reply) => {
    await unblockUser(db, app.liveEvents, requireActor(request), request.params.userId, request.log);
    return reply.status(204).send();
  });
};
