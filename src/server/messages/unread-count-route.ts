import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unreadCountSchema } from '../../contract/schemas/messages';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { unreadCounted } from './unread-counted';
import { requireActor } from '../policies';

/** Total unread messages for the header and bottom-navigation badge (one indexed count). */
export const unreadCountRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/messages/unread-count', { schema: { response: { 200: unreadCountSchema } } }, async (request) => {
    const actor = requireActor(request);
    const [row] = await db
      .select({ count: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, actor.id), isNull(messages.readAt), unreadCounted));
    return { count: row?.count ?? 0 };
  });
};
