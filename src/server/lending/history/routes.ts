import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactIdParamsSchema } from '@/contract/schemas/contact';
import { contactLoanHistorySchema, loanCountsSchema } from '@/contract/schemas/loan-history';
import type { Database } from '../../db/client';
import { requireActor } from '../../policies';
import { getLoanCounts } from './get-loan-counts';
import { listContactLoans } from './list-contact-loans';
import { presentLoanHistoryEntry } from './loan-history-presenter';

/**
 * Issue 19 "History" (docs/decisions/0028): per contact, and one's own
 * counts. Read only. An item's loans are read where they are recorded
 * (../loans/routes.ts: one file per URL).
 */
export const loanHistoryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/contacts/:id/loans',
    { schema: { params: contactIdParamsSchema, response: { 200: contactLoanHistorySchema } } },
    async (request) => {
      const { rows, counts, returnedOnTime } = await listContactLoans(db, requireActor(request), request.params.id);
      return { counts, returnedOnTime, loans: rows.map(presentLoanHistoryEntry) };
    },
  );

  app.get('/api/user/loan-counts', { schema: { response: { 200: loanCountsSchema } } }, async (request) =>
    getLoanCounts(db, requireActor(request)),
  );
};
