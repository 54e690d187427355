import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { itemIdParamsSchema } from '@/contract/schemas/item';
import { lendingRequestIdParamsSchema, lendingRequestSchema } from '@/contract/schemas/lending';
import { loanHistoryListSchema, recordedLoanSchema, recordLoanSchema } from '@/contract/schemas/loan-history';
import {
  answerExtensionSchema,
  extensionAnswerParamsSchema,
  loanExtensionListSchema,
  loanExtensionSchema,
  requestExtensionSchema,
} from '@/contract/schemas/loans';
import { latestLocalToday } from '../../dates/calendar-dates';
import type { Database } from '../../db/client';
import type { AnnounceLog } from '../../events/announce-after-commit';
import { perRequestBody } from '../../http/per-request-body';
import { announceItemEdited } from '../../items/announce-items-changed';
import { announceLendingChange } from '../requests/announce-lending-change';
import { findLendingRequest } from '../requests/find-lending-request';
import { presentLendingRequest } from '../requests/lending-presenter';
import { requireActor } from '../../policies';
import { listItemLoans } from '../history/list-item-loans';
import { presentLoanHistoryEntry } from '../history/loan-history-presenter';
import { answerExtension } from './answer-extension';
import { disputeLoan } from './dispute-loan';
import { presentLoanExtension } from './extension-presenter';
import { listPendingLoanExtensions } from './list-loan-extensions';
import { recordLoan, type RecordedLoanChange } from './record-loan';
import { requestExtension, type ExtensionStep } from './request-extension';

/**
 * A recorded loan cannot start or end in the future: the server's widest
 * "today" (tomorrow in UTC), so no time zone is refused what its form
 * allowed. Checked per request.
 */
const recordLoanBody = perRequestBody(() => [latestLocalToday()], recordLoanSchema);

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

  /** After commit: both people's lending events, and the viewers' lists when the item went out or came back. */
  async function announceRecordedLoan(change: RecordedLoanChange, log: AnnounceLog) {
    await announceLendingChange(db, app.liveEvents, change, log);
    if (change.itemStatusChanged) await announceItemEdited(db, app.liveEvents, log, change.itemId);
  }

  /** Issue 19 "History": an item's loans, for its owner (docs/decisions/0028). Read only. */
  app.get(
    '/api/items/:id/loans',
    { schema: { params: itemIdParamsSchema, response: { 200: loanHistoryListSchema } } },
    async (request) => (await listItemLoans(db, requireActor(request), request.params.id)).map(presentLoanHistoryEntry),
  );

  /** Issue 19: the owner writes down a loan made outside the app (docs/decisions/0028). */
  app.post(
    '/api/items/:id/loans',
    { schema: { params: itemIdParamsSchema, body: recordLoanBody, response: { 201: recordedLoanSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const change = await recordLoan(db, actor, request.params.id, request.body);
      await announceRecordedLoan(change, request.log);
      return reply.status(201).send({ id: change.requestId });
    },
  );

  /** "That's not right": the borrower named on a recorded loan ends it. */
  app.post(
    '/api/lending-requests/:id/dispute',
    { schema: { params: lendingRequestIdParamsSchema, response: { 200: lendingRequestSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const change = await disputeLoan(db, actor, request.params.id);
      await announceRecordedLoan(change, request.log);
      return presentLendingRequest(await findLendingRequest(db, actor, change.requestId));
    },
  );
};
