import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationCheckQuerySchema, registrationCheckSchema } from '../../contract/schemas/contact';
import { findRegisteredUser } from '../contacts/find-registered-user';
import { consumeRegistrationCheck } from '../contacts/registration-check-limit';
import type { Database } from '../db/client';
import { requireActor } from '../policies';

/**
 * GET /api/users/registered?phone=… | email=… | username=…: whether the
 * value names a registered user, and nothing else (no id, no name). Shares
 * the hourly budget of contact matching, so it cannot map the user base.
 */
export const registrationCheckRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users/registered',
    { schema: { querystring: registrationCheckQuerySchema, response: { 200: registrationCheckSchema } } },
    async (request) => {
      const actor = requireActor(request);
      await consumeRegistrationCheck(db, actor.id);
      return { registered: (await findRegisteredUser(db, actor.id, request.query)) !== null };
    },
  );
};
