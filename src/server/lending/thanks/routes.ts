import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lendingRequestIdParamsSchema } from '@/contract/schemas/lending';
import {
  hideThanksSchema,
  personThanksParamsSchema,
  personThanksSchema,
  receivedThanksSchema,
  thanksFormSchema,
  thanksIdParamsSchema,
} from '@/contract/schemas/loan-condition';
import type { Database } from '../../db/client';
import { requireActor } from '../../policies';
import { announceConditionChange } from '../condition/announce-condition-change';
import { getPersonThanks, listReceivedThanks, setThanksHidden } from './person-thanks';
import { sendThanks } from './send-thanks';

/** Thanks, not scores (issue 36, docs/decisions/0048): sending one, reading a person's, hiding one's own. */
export const thanksRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.post(
    '/api/lending-requests/:id/thanks',
    { schema: { params: lendingRequestIdParamsSchema, body: thanksFormSchema } },
    async (request, reply) => {
      const change = await sendThanks(db, requireActor(request), request.params.id, request.body.note, timeZone);
      await announceConditionChange(db, app.liveEvents, change.loan, change.posted, request.log);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/:userId/thanks',
    { schema: { params: personThanksParamsSchema, response: { 200: personThanksSchema } } },
    async (request) => getPersonThanks(db, requireActor(request), request.params.userId),
  );

  app.get('/api/thanks/received', { schema: { response: { 200: receivedThanksSchema } } }, async (request) =>
    listReceivedThanks(db, requireActor(request)),
  );

  app.put(
    '/api/thanks/:id/hidden',
    { schema: { params: thanksIdParamsSchema, body: hideThanksSchema } },
    async (request, reply) => {
      await setThanksHidden(db, requireActor(request), request.params.id, request.body.hidden);
      return reply.status(204).send();
    },
  );
};
