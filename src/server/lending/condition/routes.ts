import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lendingRequestIdParamsSchema } from '@/contract/schemas/lending';
import {
  assessmentAnswerFormSchema,
  conditionEntryFormSchema,
  conditionStageParamsSchema,
  loanConditionSchema,
  problemParamsSchema,
  problemReportFormSchema,
  returnAssessmentFormSchema,
} from '@/contract/schemas/loan-condition';
import type { Database } from '../../db/client';
import { requireActor } from '../../policies';
import { answerAssessment, assessReturn } from './assess-return';
import { announceConditionChange } from './announce-condition-change';
import { getLoanCondition } from './get-loan-condition';
import { reportProblem, settleProblem } from './report-problem';
import { saveConditionEntry } from './save-condition-entry';

/**
 * A loan's condition and problems (issue 36, docs/decisions/0048): its two
 * people read and write them; each write that tells the other person commits
 * with its system message and is announced live after commit.
 */
export const loanConditionRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    '/api/lending-requests/:id/condition',
    { schema: { params: lendingRequestIdParamsSchema, response: { 200: loanConditionSchema } } },
    async (request) => getLoanCondition(db, requireActor(request), request.params.id, timeZone),
  );

  app.put(
    '/api/lending-requests/:id/condition/:stage',
    { schema: { params: conditionStageParamsSchema, body: conditionEntryFormSchema } },
    async (request, reply) => {
      const { id, stage } = request.params;
      await saveConditionEntry(db, requireActor(request), id, stage, request.body, timeZone);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/lending-requests/:id/return-assessment',
    { schema: { params: lendingRequestIdParamsSchema, body: returnAssessmentFormSchema } },
    async (request, reply) => {
      const change = await assessReturn(db, requireActor(request), request.params.id, request.body, timeZone);
      await announceConditionChange(db, app.liveEvents, change.loan, change.posted, request.log);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/lending-requests/:id/return-assessment/answer',
    { schema: { params: lendingRequestIdParamsSchema, body: assessmentAnswerFormSchema } },
    async (request, reply) => {
      await answerAssessment(db, requireActor(request), request.params.id, request.body.answer, timeZone);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/lending-requests/:id/problems',
    {
      schema: {
        params: lendingRequestIdParamsSchema,
        body: problemReportFormSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const change = await reportProblem(db, requireActor(request), request.params.id, request.body, timeZone);
      await announceConditionChange(db, app.liveEvents, change.loan, change.posted, request.log);
      return reply.status(201).send({ id: change.problemId });
    },
  );

  app.post(
    '/api/lending-requests/:id/problems/:problemId/settle',
    { schema: { params: problemParamsSchema } },
    async (request, reply) => {
      const { id, problemId } = request.params;
      const change = await settleProblem(db, requireActor(request), id, problemId, timeZone);
      await announceConditionChange(db, app.liveEvents, change.loan, change.posted, request.log);
      return reply.status(204).send();
    },
  );
};
