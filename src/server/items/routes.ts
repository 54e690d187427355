import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableItemsPageSchema,
  availableItemsQuerySchema,
  itemDetailsSchema,
  itemFormSchema,
  itemIdParamsSchema,
  ownItemSchema,
} from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { authorize, requireActor, type Actor } from '../policies';
import { createItem } from './create-item';
import { deleteItem } from './delete-item';
import { getItemDetails } from './item-details';
import { presentOwnItem, presentSharedItem } from './item-presenter';
import { listAvailableItems, listOwnItems } from './list-items';
import { updateItem } from './update-item';

/**
 * The earliest "available again" date the server accepts: yesterday in UTC,
 * so someone whose local today is still yesterday in UTC (or already
 * tomorrow) is not refused the date their form allowed.
 */
export function earliestReservationDate(now = new Date()): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The item form schema, bounded by the server's earliest date, parsed per request. */
const itemBody = z.unknown().transform((value, ctx) => {
  const parsed = itemFormSchema(earliestReservationDate()).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  return z.NEVER;
});

function ensureActingAs(actor: Actor, userId: string | undefined) {
  if (userId !== undefined) authorize(actor, 'user:actAs', { id: userId });
}

/** Spec §7 "Items". Authorization: the policy module, and the visibility rule inside each query. */
export const itemRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/items/my', { schema: { response: { 200: z.array(ownItemSchema) } } }, async (request) => {
    const actor = requireActor(request);
    return (await listOwnItems(db, actor)).map(presentOwnItem);
  });

  app.get(
    '/api/items/available',
    { schema: { querystring: availableItemsQuerySchema, response: { 200: availableItemsPageSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { rows, nextCursor } = await listAvailableItems(db, actor, request.query);
      return { items: rows.map(presentSharedItem), nextCursor };
    },
  );

  app.post('/api/items', { schema: { body: itemBody, response: { 201: ownItemSchema } } }, async (request, reply) => {
    const actor = requireActor(request);
    ensureActingAs(actor, request.body.userId);
    return reply.status(201).send(presentOwnItem(await createItem(db, actor, request.body)));
  });

  app.get(
    '/api/items/:id',
    { schema: { params: itemIdParamsSchema, response: { 200: itemDetailsSchema } } },
    async (request) => getItemDetails(db, requireActor(request), request.params.id),
  );

  app.put(
    '/api/items/:id',
    { schema: { params: itemIdParamsSchema, body: itemBody, response: { 200: ownItemSchema } } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.userId);
      return presentOwnItem(await updateItem(db, actor, request.params.id, request.body));
    },
  );

  app.delete('/api/items/:id', { schema: { params: itemIdParamsSchema } }, async (request, reply) => {
    await deleteItem(db, requireActor(request), request.params.id);
    return reply.status(204).send();
  });
};
