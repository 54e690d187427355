import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityQuerySchema, itemAvailabilitySchema } from '@/contract/reservations';
import { itemIdParamsSchema } from '@/contract/schemas/item';
import { lendingRequestIdParamsSchema } from '@/contract/schemas/lending';
import type { Database } from '../../db/client';
import { requireActor } from '../../policies';
import { getItemAvailability } from './get-item-availability';
import { keepReservation } from './keep-reservation';

/** Reservations (issue 35, docs/decisions/0047): when an item is free, and keeping a reservation not yet picked up. */
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

  app.post(
    '/api/lending-requests/:id/keep',
    { schema: { params: lendingRequestIdParamsSchema } },
    async (request, reply) => {
      await keepReservation(db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
