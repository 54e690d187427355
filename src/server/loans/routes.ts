import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lendingRequestIdParamsSchema } from '../../contract/schemas/lending';
import {
  answerExtensionSchema,
  extensionAnswerParamsSchema,
  loanExtensionListSchema,
  loanExtensionSchema,
  requestExtensionSchema,
} from '../../contract/schemas/loans';
import type { Database } from '../db/client';
import { announceLendingChange } from '../lending/announce-lending-change';
import { requireActor } from '../policies';
import { answerExtension } from './answer-extension';
import { presentLoanExtension } from './extension-presenter';
import { listPendingLoanExtensions } from './list-loan-extensions';
import { requestExtension, type ExtensionStep } from './request-extension';

/**
 * Extending a loan (issue 18, docs/decisions/0026). Each step commits with
 * its system message; after commit both people get the conversation and
 * "request changed" live events, as for every lending step.
 */
export const loanRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  async function settle(step: ExtensionStep, log: Parameters<typeof announceLendingChange>[3]) {
    await announceLendingChange(db, app.liveEvents, step.change, log);
    return presentLoanExtension(step.extension);
  }

  app.get(
    '/api/lending-requests/extensions',
    { schema: { response: { 200: loanExtensionListSchema } } },
    async (request) => {
      const actor = requireActor(request);
      return (await listPendingLoanExtensions(db, actor)).map(presentLoanExtension);
    },
  );

  app.post(
    '/api/lending-requests/:id/extension',
    {
      schema: {
        params: lendingRequestIdParamsSchema,
        body: requestExtensionSchema,
        response: { 201: loanExtensionSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const step = await requestExtension(db, actor, request.params.id, request.body);
      return reply.status(201).send(await settle(step, request.log));
    },
  );

  app.post(
    '/api/lending-requests/:id/extension/:answer',
    {
      schema: {
        params: extensionAnswerParamsSchema,
        body: answerExtensionSchema,
        response: { 200: loanExtensionSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { id, answer } = request.params;
      const step = await answerExtension(db, actor, id, answer, request.body.response);
      return settle(step, request.log);
    },
  );
};
