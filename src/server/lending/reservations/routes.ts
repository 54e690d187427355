import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, itemAvailabilitySchema } from '@/contract/reservations';
import { itemIdParamsSchema } from '@/contract/schemas/item';
import type { Database } from '../../db/client';
import { requireActor } from '../../policies';
import { getItemAvailability } from './get-item-availability';

/** Reservations (issue 35, docs/decisions/0047): when an item is free. */
export const reservationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/items/:id/availability',
    {
      schema: {
        params: itemIdParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: itemAvailabilitySchema },
      },
    },
    async (request) => getItemAvailability(db, requireActor(request), request.params.id, request.query),
  );
};
