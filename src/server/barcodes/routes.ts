import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createdFromBarcodeSchema, createFromBarcodeSchema } from '../../contract/schemas/item-creation';
import type { Database } from '../db/client';
import { presentOwnItem } from '../items/item-presenter';
import type { PhotoStore } from '../photos/photo-store';
import { requireActor } from '../policies';
import { createItemFromBarcode } from './create-item-from-barcode';
import type { IsbnLookup } from './isbn-lookup';

/**
 * Items from a scanned barcode (issue 16 §3, docs/decisions/0021). The
 * browser decodes the bars; this route checks the digits and creates the item
 * for the signed-in person, who is its owner: no user id is taken from the body.
 */
export const barcodeItemRoutes: FastifyPluginAsyncZod<{
  db: Database;
  isbnLookup: IsbnLookup | null;
  store: PhotoStore;
}> = async (app, options) => {
  const { db, isbnLookup, store } = options;

  app.post(
    '/api/items/from-barcode',
    { schema: { body: createFromBarcodeSchema, response: { 201: createdFromBarcodeSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const created = await createItemFromBarcode({ db, store, isbnLookup, log: request.log }, actor, request.body);
      return reply.status(201).send({
        item: presentOwnItem(created.row),
        kind: created.kind,
        found: created.found,
        alreadyListed: created.alreadyListed,
      });
    },
  );
};
