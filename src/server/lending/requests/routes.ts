import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingUserQuerySchema } from '@/contract/schemas/contact';
import { itemIdParamsSchema } from '@/contract/schemas/item';
import {
  createLendingRequestSchema,
  latestBorrowStart,
  lendingRequestIdParamsSchema,
  lendingRequestListSchema,
  lendingRequestSchema,
  updateLendingRequestSchema,
} from '@/contract/schemas/lending';
import { earliestReservationDate, latestLocalToday } from '../../dates/calendar-dates';
import type { Database } from '../../db/client';
import type { AnnounceLog } from '../../events/announce-after-commit';
import { perRequestBody } from '../../http/per-request-body';
import { ensureActingAs, requireActor, type Actor } from '../../policies';
import { announceLendingChange, type LendingChange } from './announce-lending-change';
import { createLendingRequest } from './create-lending-request';
import { findLendingRequest } from './find-lending-request';
import { presentLendingRequest } from './lending-presenter';
import { OWNER_ACTION_FOR_STATUS } from './lending-state-machine';
import { listReceivedLendingRequests, listSentLendingRequests } from './list-lending-requests';
import { returnItem } from './return-item';
import { takeLendingStep } from './take-lending-step';

/**
 * The borrow form's schema, bounded by the server's widest "today": the
 * start not before yesterday in UTC (as for the item reservation date) and
 * not later than a year after tomorrow in UTC, so no time zone is refused
 * what its form allowed. Checked per request against today's bounds.
 */
const createBody = perRequestBody(
  () => [earliestReservationDate(), latestBorrowStart(latestLocalToday())],
  createLendingRequestSchema,
);

/**
 * Spec §7 "Lending requests" and "PUT /api/items/{id}/return". Every step
 * goes through the state machine (lending-state-machine.ts) in one
 * transaction with its system message; live events follow the commit.
 */
/** `timeZone`: the app's calendar (REMINDER_TIME_ZONE), for the days a loan was handed out and returned. */
export const lendingRequestRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  /** After commit: tell both people, then answer with the request as the actor now sees it. */
  async function settle(actor: Actor, change: LendingChange, log: AnnounceLog) {
    await announceLendingChange(db, app.liveEvents, change, log);
    return presentLendingRequest(await findLendingRequest(db, actor, change.requestId));
  }

  app.post(
    '/api/lending-requests',
    { schema: { body: createBody, response: { 201: lendingRequestSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.body.requesterId);
      const { created, ...change } = await createLendingRequest(db, actor, request.body);
      await announceLendingChange(db, app.liveEvents, change, request.log);
      return reply.status(201).send(presentLendingRequest(created));
    },
  );

  app.get(
    '/api/lending-requests/sent',
    { schema: { querystring: actingUserQuerySchema, response: { 200: lendingRequestListSchema } } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.query.userId);
      return (await listSentLendingRequests(db, actor)).map(presentLendingRequest);
    },
  );

  app.get(
    '/api/lending-requests/received',
    { schema: { querystring: actingUserQuerySchema, response: { 200: lendingRequestListSchema } } },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.query.userId);
      return (await listReceivedLendingRequests(db, actor)).map(presentLendingRequest);
    },
  );

  app.put(
    '/api/lending-requests/:id',
    {
      schema: {
        params: lendingRequestIdParamsSchema,
        body: updateLendingRequestSchema,
        response: { 200: lendingRequestSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { status, ownerResponse } = request.body;
      const change = await takeLendingStep(
        db,
        actor,
        request.params.id,
        OWNER_ACTION_FOR_STATUS[status],
        timeZone,
        ownerResponse,
      );
      return settle(actor, change, request.log);
    },
  );

  /** Withdraw (spec §7 "DELETE … (withdraw; some paths add userId query parameter)"): the request stays, withdrawn. */
  app.delete(
    '/api/lending-requests/:id',
    {
      schema: {
        params: lendingRequestIdParamsSchema,
        querystring: actingUserQuerySchema,
        response: { 200: lendingRequestSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      ensureActingAs(actor, request.query.userId);
      const change = await takeLendingStep(db, actor, request.params.id, 'withdraw', timeZone);
      return settle(actor, change, request.log);
    },
  );

  /** The owner's "Return Item" (spec §2 item card). 204: the card refetches the item and requests. */
  app.put('/api/items/:id/return', { schema: { params: itemIdParamsSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const change = await returnItem(db, actor, request.params.id, timeZone);
    if (change) await announceLendingChange(db, app.liveEvents, change, request.log);
    return reply.status(204).send();
  });
};
