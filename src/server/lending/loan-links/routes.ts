import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoQuerySchema } from '@/contract/schemas/item';
import { lendingRequestIdParamsSchema } from '@/contract/schemas/lending';
import {
  borrowerLoanSchema,
  linkExtensionAnswerParamsSchema,
  loanLinkParamsSchema,
  loanLinkPhotoParamsSchema,
  loanLinkStateSchema,
  madeLoanLinkSchema,
} from '@/contract/schemas/loan-link';
import { requestExtensionSchema } from '@/contract/schemas/loans';
import { earliestReservationDate } from '../../dates/calendar-dates';
import type { Database } from '../../db/client';
import { announceAfterCommit } from '../../events/announce-after-commit';
import type { PhotoStore } from '../../photos/photo-store';
import { requireActor } from '../../policies';
import {
  askForMoreTime,
  confirmHandover,
  joinThroughLink,
  readBorrowerLoan,
  reportBroughtBack,
  spendLinkBudget,
} from './borrower-loan';
import { readLinkPhoto } from './link-photo';
import { loanLinkUrl } from './link-token';
import { answerLinkExtension, getLoanLinkState, makeLoanLink, revokeLoanLink } from './owner-link';

/**
 * Private loan links (issue 36, docs/decisions/0049). The owner's side is
 * signed in like every lending route; the holder's side is public
 * (docs/decisions/0005): the link is the credential, every request spends
 * the address's hourly budget first, answers say `noindex` and send no
 * referrer, and the log never shows a token (app.ts).
 */
export const loanLinkRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicUrl: URL;
  invitationKey: string;
  store: PhotoStore;
}> = async (app, options) => {
  const { db, publicUrl, invitationKey, store } = options;

  app.post(
    '/api/lending-requests/:id/borrower-link',
    { schema: { params: lendingRequestIdParamsSchema, response: { 200: madeLoanLinkSchema } } },
    async (request) => {
      const token = await makeLoanLink(db, requireActor(request), request.params.id);
      return { url: loanLinkUrl(publicUrl, token) };
    },
  );

  app.get(
    '/api/lending-requests/:id/borrower-link',
    { schema: { params: lendingRequestIdParamsSchema, response: { 200: loanLinkStateSchema } } },
    async (request) => getLoanLinkState(db, requireActor(request), request.params.id),
  );

  app.delete(
    '/api/lending-requests/:id/borrower-link',
    { schema: { params: lendingRequestIdParamsSchema } },
    async (request, reply) => {
      await revokeLoanLink(db, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/lending-requests/:id/borrower-link/extension/:answer',
    { schema: { params: linkExtensionAnswerParamsSchema } },
    async (request, reply) => {
      const { id, answer } = request.params;
      await answerLinkExtension(db, requireActor(request), id, answer, earliestReservationDate());
      return reply.status(204).send();
    },
  );

  // The holder's side. Public: the token is the credential.
  const holderRoutes: FastifyPluginAsyncZod = async (holder) => {
    holder.addHook('onRequest', async (request, reply) => {
      reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
      await spendLinkBudget(db, request.ip);
    });

    /** After a holder's step: the owner's open card and lists refresh. */
    const tellOwner = (
      loan: { id: string; itemId: string; ownerId: string },
      log: Parameters<typeof announceAfterCommit>[0],
    ) =>
      announceAfterCommit(
        log,
        () =>
          app.liveEvents.publish([loan.ownerId], { type: 'request_changed', requestId: loan.id, itemId: loan.itemId }),
        { requestId: loan.id },
      );

    holder.get(
      '/api/loan-links/:token',
      { config: { public: true }, schema: { params: loanLinkParamsSchema, response: { 200: borrowerLoanSchema } } },
      async (request) => readBorrowerLoan(db, request.params.token),
    );

    holder.get(
      '/api/loan-links/:token/photos/:photoId',
      { config: { public: true }, schema: { params: loanLinkPhotoParamsSchema, querystring: photoQuerySchema } },
      async (request, reply) => {
        const { token, photoId } = request.params;
        const photo = await readLinkPhoto(db, store, token, photoId, request.query.size ?? 'full');
        reply.header('cache-control', 'private, no-cache').header('etag', photo.etag);
        return reply.type(photo.contentType).header('x-content-type-options', 'nosniff').send(photo.bytes);
      },
    );

    holder.post(
      '/api/loan-links/:token/have-it',
      { config: { public: true }, schema: { params: loanLinkParamsSchema } },
      async (request, reply) => {
        const loan = await confirmHandover(db, request.params.token);
        await tellOwner(loan, request.log);
        return reply.status(204).send();
      },
    );

    holder.post(
      '/api/loan-links/:token/brought-back',
      { config: { public: true }, schema: { params: loanLinkParamsSchema } },
      async (request, reply) => {
        const loan = await reportBroughtBack(db, request.params.token);
        await tellOwner(loan, request.log);
        return reply.status(204).send();
      },
    );

    holder.post(
      '/api/loan-links/:token/join',
      {
        config: { public: true },
        schema: { params: loanLinkParamsSchema, response: { 200: z.object({ inviteUrl: z.string() }) } },
      },
      async (request) => joinThroughLink(db, request.params.token, publicUrl, invitationKey),
    );

    holder.post(
      '/api/loan-links/:token/extension',
      { config: { public: true }, schema: { params: loanLinkParamsSchema, body: requestExtensionSchema } },
      async (request, reply) => {
        const loan = await askForMoreTime(db, request.params.token, request.body, earliestReservationDate());
        await tellOwner(loan, request.log);
        return reply.status(204).send();
      },
    );
  };
  await app.register(holderRoutes);
};
