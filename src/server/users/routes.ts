import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateProfileSchema } from '../../contract/schemas/profile';
import { loginHistoryEntrySchema, userSchema } from '../../contract/schemas/user';
import type { Database } from '../db/client';
import { loginHistory, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, requireActor, requireSession } from '../policies';
import { presentLoginHistoryEntry, presentUser } from './user-presenter';

/** How many sign-ins the Account Activity tab lists. */
export const LOGIN_HISTORY_LIMIT = 20;

export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const currentUser = {
    schema: { response: { 200: userSchema } },
  } as const;

  // Both paths of spec §7 return the signed-in user; 401 when signed out.
  app.get('/api/auth/user', currentUser, async (request) => presentUser(requireSession(request).user));
  app.get('/api/user/current', currentUser, async (request) => presentUser(requireSession(request).user));

  app.get(
    '/api/user/login-history',
    { schema: { response: { 200: z.array(loginHistoryEntrySchema) } } },
    async (request) => {
      const actor = requireActor(request);
      authorize(actor, 'user:readLoginHistory', { id: actor.id });
      const rows = await db
        .select()
        .from(loginHistory)
        .where(eq(loginHistory.userId, actor.id))
        .orderBy(desc(loginHistory.loginAt))
        .limit(LOGIN_HISTORY_LIMIT);
      return rows.map(presentLoginHistoryEntry);
    },
  );

  app.put(
    '/api/users/profile',
    { schema: { body: updateProfileSchema, response: { 200: userSchema } } },
    async (request) => {
      const actor = requireActor(request);
      authorize(actor, 'user:update', { id: actor.id });
      const { name, phone, email, language } = request.body;
      const [updated] = await db
        .update(users)
        .set({ name, phone, email, language })
        .where(eq(users.id, actor.id))
        .returning();
      if (!updated) throw AppError.notFound();
      return presentUser(updated);
    },
  );
};
