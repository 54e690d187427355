import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { loanConditionRoutes } from './condition/routes';
import { loanHistoryRoutes } from './history/routes';
import { loanLinkRoutes } from './loan-links/routes';
import { loanRoutes } from './loans/routes';
import { lendingRequestRoutes } from './requests/routes';
import { reservationRoutes } from './reservations/routes';
import { thanksRoutes } from './thanks/routes';
import type { PhotoStore } from '../photos/photo-store';

/**
 * The lending domain's routes (issue 34: one folder for everything about
 * `lending_requests`): the request cycle (requests/), the loans recorded,
 * extended and disputed and an item's loans (loans/), and the history per
 * contact and one's counts (history/), and when an item is free
 * (reservations/, docs/decisions/0047), and a loan's condition and
 * problems and the thanks after it (condition/, thanks/, docs/decisions/0048), and the private
 * links of loans recorded for someone without an account (loan-links/, docs/decisions/0049). Each URL is served by one file.
 */
export const lendingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  timeZone: string;
  publicUrl: URL;
  invitationKey: string;
  photoStore: PhotoStore;
}> = async (app, options) => {
  await app.register(lendingRequestRoutes, { db: options.db, timeZone: options.timeZone });
  await app.register(loanRoutes, { db: options.db });
  await app.register(loanHistoryRoutes, { db: options.db });
  await app.register(reservationRoutes, { db: options.db });
  const withZone = { db: options.db, timeZone: options.timeZone };
  await app.register(loanConditionRoutes, withZone);
  await app.register(thanksRoutes, withZone);
  await app.register(loanLinkRoutes, {
    db: options.db,
    publicUrl: options.publicUrl,
    invitationKey: options.invitationKey,
    store: options.photoStore,
  });
};
