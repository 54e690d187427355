import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoAcceptSchema,
  availabilityQuerySchema,
  itemAvailabilitySchema,
  itemWaitlistSchema,
  joinWaitlistSchema,
} from '@/contract/reservations';
import { contactIdParamsSchema } from '@/contract/schemas/contact';
import { groupIdParamsSchema } from '@/contract/schemas/group';
import { itemIdParamsSchema } from '@/contract/schemas/item';
import { lendingRequestIdParamsSchema } from '@/contract/schemas/lending';
import type { Database } from '../../db/client';
import { requireActor } from '../../policies';
import { getItemAvailability } from './get-item-availability';
import { keepReservation } from './keep-reservation';
import { setContactAutoAccept, setGroupAutoAccept } from './trust/set-auto-accept';
import { getWaitlist } from './waitlist/get-waitlist';
import { joinWaitlist, leaveWaitlist } from './waitlist/join-waitlist';

/** Reservations (issue 35, docs/decisions/0047): when an item is free, keeping a reservation not yet picked up, and "tell me when it's free". */
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

  app.get(
    '/api/items/:id/waitlist',
    { schema: { params: itemIdParamsSchema, response: { 200: itemWaitlistSchema } } },
    async (request) => getWaitlist(db, requireActor(request), request.params.id),
  );

  app.put(
    '/api/items/:id/waitlist',
    { schema: { params: itemIdParamsSchema, body: joinWaitlistSchema } },
    async (request, reply) => {
      await joinWaitlist(db, requireActor(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.delete('/api/items/:id/waitlist', { schema: { params: itemIdParamsSchema } }, async (request, reply) => {
    await leaveWaitlist(db, requireActor(request), request.params.id);
    return reply.status(204).send();
  });

  app.put(
    '/api/contacts/:id/auto-accept',
    { schema: { params: contactIdParamsSchema, body: autoAcceptSchema } },
    async (request, reply) => {
      await setContactAutoAccept(db, requireActor(request), request.params.id, request.body.autoAccept);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/groups/:id/auto-accept',
    { schema: { params: groupIdParamsSchema, body: autoAcceptSchema } },
    async (request, reply) => {
      await setGroupAutoAccept(db, requireActor(request), request.params.id, request.body.autoAccept);
      return reply.status(204).send();
    },
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
