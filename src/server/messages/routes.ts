import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationListSchema,
  conversationsParamsSchema,
  messageSchema,
  readerParamsSchema,
  readingSchema,
  sendMessageSchema,
  threadParamsSchema,
  threadSchema,
} from '../../contract/schemas/messages';
import type { Database } from '../db/client';
import { ensureActingAs, requireActor, requireSession } from '../policies';
import { forgetReading, recordReading } from './conversation-readers';
import { getThread } from './get-thread';
import { listConversations } from './list-conversations';
import { markConversationRead } from './mark-read';
import { presentConversation, presentThread } from './message-presenter';
import { sendMessage } from './send-message';

/**
 * Spec §7 "Messages". The actor is one side of every conversation read or
 * written here by construction: queries filter on the session's user, and
 * the user id the paths carry must be that user.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/conversations/:userId',
    { schema: { params: conversationsParamsSchema, response: { 200: conversationListSchema } } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      return (await listConversations(db, actor)).map(presentConversation);
    },
  );

  app.get(
    '/api/conversations/:userId/:partnerId',
    { schema: { params: threadParamsSchema, response: { 200: threadSchema } } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      return presentThread(await getThread(db, actor, request.params.partnerId));
    },
  );

  app.put(
    '/api/messages/read/:userId/:partnerId',
    { schema: { params: threadParamsSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      await markConversationRead(db, app.liveEvents, actor, request.params.partnerId, request.log);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/conversations/:userId/readers/:readerId',
    { schema: { params: readerParamsSchema, body: readingSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      await recordReading(db, actor, request.params.readerId, request.body.partnerId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/conversations/:userId/readers/:readerId',
    { schema: { params: readerParamsSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.params.userId);
      await forgetReading(db, actor, request.params.readerId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/messages',
    { schema: { body: sendMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      // One read of the session: the sender's id and the name the answer shows.
      const { user } = requireSession(request);
      const sender = { id: user.id, name: user.name };
      // Spec §7 names senderId in the body; when sent, it must be the signed-in user.
      ensureActingAs(sender, request.body.senderId);
      const sent = await sendMessage(db, app.liveEvents, sender, request.body, request.log);
      return reply.status(201).send(sent);
    },
  );
};
