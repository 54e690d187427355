import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  processReferralResultSchema,
  processReferralSchema,
  referralPreviewQuerySchema,
  referralPreviewSchema,
} from '../../contract/schemas/referral';
import type { Database } from '../db/client';
import { requireActor } from '../policies';
import { processReferral } from './process-referral';
import { previewReferral } from './referral-preview';

/** Spec §7 POST /api/referral/process, plus the signed-out preview for the invited banner. */
export const referralRoutes: FastifyPluginAsyncZod<{ db: Database; tokenKey: string }> = async (
  app,
  { db, tokenKey },
) => {
  app.post(
    '/api/referral/process',
    { schema: { body: processReferralSchema, response: { 200: processReferralResultSchema } } },
    async (request) => processReferral(db, requireActor(request), request.body.referralData, tokenKey),
  );

  app.get(
    '/api/referral/preview',
    {
      config: { public: true },
      schema: { querystring: referralPreviewQuerySchema, response: { 200: referralPreviewSchema } },
    },
    async (request) => previewReferral(db, request.query.ref, tokenKey),
  );
};
