import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateProfileSchema } from '../../contract/schemas/profile';
import { loginHistoryEntrySchema, userSchema } from '../../contract/schemas/user';
import type { Database } from '../db/client';
import { requireActor, requireSession } from '../policies';
import { listLoginHistory } from './list-login-history';
import { updateProfile } from './update-profile';
import { presentLoginHistoryEntry, presentUser } from './user-presenter';

export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const currentUser = {
    schema: { response: { 200: userSchema } },
  } as const;

  // Both paths of spec §7 return the signed-in user; 401 when signed out.
  app.get('/api/auth/user', currentUser, async (request) => {
    const session = requireSession(request);
    return presentUser(session.user, session);
  });
  app.get('/api/user/current', currentUser, async (request) => {
    const session = requireSession(request);
    return presentUser(session.user, session);
  });

  app.get(
    '/api/user/login-history',
    { schema: { response: { 200: z.array(loginHistoryEntrySchema) } } },
    async (request) => (await listLoginHistory(db, requireActor(request))).map(presentLoginHistoryEntry),
  );

  app.put(
    '/api/users/profile',
    { config: { changesAccount: true }, schema: { body: updateProfileSchema, response: { 200: userSchema } } },
    async (request) =>
      presentUser(await updateProfile(db, requireActor(request), request.body), requireSession(request)),
  );
};
