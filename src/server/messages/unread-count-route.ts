import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unreadCountSchema } from '../../contract/schemas/messages';
import type { Database } from '../db/client';
import { requireActor } from '../policies';
import { countUnreadMessages } from './count-unread-messages';

/** Total unread messages for the header and bottom-navigation badge. */
export const unreadCountRoute: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/messages/unread-count', { schema: { response: { 200: unreadCountSchema } } }, async (request) => ({
    count: await countUnreadMessages(db, requireActor(request)),
  }));
};
