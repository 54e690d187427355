import type { FastifyInstance } from 'fastify';
import { findActiveSession } from '../auth/session-store';
import type { Database } from '../db/client';
import { AppError } from './app-error';
import { isApiRequest } from './route-path';
import './fastify-types';

export interface SessionCookieSettings {
  name: string;
  secure: boolean;
  /**
   * The attributes the cookie is set with, and must be cleared with: browsers
   * ignore a change to a `__Host-` cookie that lacks them.
   */
  options: { path: '/'; httpOnly: true; sameSite: 'lax'; secure: boolean };
}

/** `__Host-` binds the cookie to our exact origin over https (no Domain, Path=/). */
export function sessionCookieSettings(secure: boolean): SessionCookieSettings {
  return {
    name: secure ? '__Host-lendloop_session' : 'lendloop_session',
    secure,
    options: { path: '/', httpOnly: true, sameSite: 'lax', secure },
  };
}

/**
 * Loads the session for API requests and refuses every API route that did not
 * declare `config: { public: true }`: authentication is deny-by-default.
 * It runs at preValidation: after the rate limiter (a throttled client costs
 * no session lookup) and before input validation (signed-out callers learn
 * nothing about a route's input rules).
 */
export function registerSessionGuard(app: FastifyInstance, db: Database, cookie: SessionCookieSettings): void {
  app.decorateRequest('auth', null);

  app.addHook('preValidation', async (request) => {
    if (!isApiRequest(request)) return;
    const token = request.cookies[cookie.name];
    if (token) request.auth = await findActiveSession(db, token);
    if (!request.auth && !request.routeOptions.config.public) throw AppError.unauthenticated();
  });
}
