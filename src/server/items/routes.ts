import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AfterItemSaved } from './update-item';
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
import { earliestReservationDate } from '../dates/calendar-dates';
import { perRequestBody } from '../http/per-request-body';
import { ensureActingAs, requireActor } from '../policies';
import { createItem } from './create-item';
import { announceItemEdited } from './announce-items-changed';
import { announceItemDeletion, deleteItem } from './delete-item';
import { getItemDetails } from './item-details';
import { presentItemView, presentOwnItem, presentSharedItem } from './item-presenter';
import { listAvailableItems, listOwnItems } from './list-items';
import { updateItem } from './update-item';

/** The item form schema, bounded by the server's earliest date, checked per request. */
const itemBody = perRequestBody(() => [earliestReservationDate()], itemFormSchema);

/** Spec §7 "Items". Authorization: the policy module, and the visibility rule inside each query. */
export const itemRoutes: FastifyPluginAsyncZod<{ db: Database; afterItemSaved?: AfterItemSaved }> = async (
  app,
  { db, afterItemSaved },
) => {
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
    async (request) => presentItemView(await getItemDetails(db, requireActor(request), request.params.id)),
  );

  app.put(
    '/api/items/:id',
    { schema: { params: itemIdParamsSchema, body: itemBody, response: { 200: ownItemSchema } } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.userId);
      const updated = await updateItem(db, actor, request.params.id, request.body, afterItemSaved);
      await announceItemEdited(db, app.liveEvents, request.log, request.params.id);
      return presentOwnItem(updated);
    },
  );

  app.delete('/api/items/:id', { schema: { params: itemIdParamsSchema } }, async (request, reply) => {
    const deletion = await deleteItem(db, requireActor(request), request.params.id);
    await announceItemDeletion(db, app.liveEvents, deletion, request.log);
    return reply.status(204).send();
  });
};
