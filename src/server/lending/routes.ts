import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { loanConditionRoutes } from './condition/routes';
import { loanHistoryRoutes } from './history/routes';
import { loanRoutes } from './loans/routes';
import { lendingRequestRoutes } from './requests/routes';
import { reservationRoutes } from './reservations/routes';
import { thanksRoutes } from './thanks/routes';

/**
 * The lending domain's routes (issue 34: one folder for everything about
 * `lending_requests`): the request cycle (requests/), the loans recorded,
 * extended and disputed and an item's loans (loans/), and the history per
 * contact and one's counts (history/), and when an item is free
 * (reservations/, docs/decisions/0047), and a loan's condition and
 * problems and the thanks after it (condition/, thanks/, docs/decisions/0048). Each URL is served by one file.
 */
export const lendingRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (app, options) => {
  await app.register(lendingRequestRoutes, options);
  await app.register(loanRoutes, { db: options.db });
  await app.register(loanHistoryRoutes, { db: options.db });
  await app.register(reservationRoutes, { db: options.db });
  await app.register(loanConditionRoutes, options);
  await app.register(thanksRoutes, options);
};
