import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE, type LoginMethod } from '../../contract/enums';
import type { Database } from '../db/client';
import type { SessionCookieSettings } from '../http/session-cookie';
import type { OidcClient, PendingLogin } from './oidc-client';
import { createSession, destroySession, SESSION_ABSOLUTE_LIFETIME_MS } from './session-store';
import { queryText, safeReturnTo } from './return-to';
import { signInUser } from './sign-in-user';

export interface AuthRouteOptions {
  db: Database;
  oidc: OidcClient;
  publicUrl: URL;
  sessionCookie: SessionCookieSettings;
  /** Recorded in login history. */
  loginMethod: LoginMethod;
}

/** Short-lived, signed cookie carrying PKCE verifier, state, nonce and where to go back. */
const LOGIN_COOKIE = 'lendloop_login';
const LOGIN_COOKIE_MAX_AGE_S = 10 * 60;

const loginCookieSchema = z.object({
  codeVerifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  returnTo: z.string(),
});

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, oidc, publicUrl, sessionCookie } = options;
  const sessionCookieOptions = sessionCookie.options;
  // The cookie outlives a browser restart; the server ends the session earlier when idle.
  const sessionMaxAgeS = Math.floor(SESSION_ABSOLUTE_LIFETIME_MS / 1000);

  app.get(
    '/api/login',
    // No query schema: a navigation with odd parameters still gets a page, never a JSON 400.
    { config: { public: true } },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      let started;
      try {
        started = await oidc.startLogin();
      } catch (error) {
        // The issuer is down or misconfigured: a page that says so, not a JSON 500.
        request.log.error({ err: error }, 'the identity provider cannot be reached');
        return reply.redirect('/auth-debug?error=provider_unavailable');
      }
      const { url, pending } = started;
      const value = JSON.stringify({ ...pending, returnTo: safeReturnTo(queryText(query.returnTo, 2000), publicUrl) });
      reply.setCookie(LOGIN_COOKIE, value, {
        ...sessionCookieOptions,
        // Lax: the cookie must come back on the issuer's top-level redirect to /api/callback.
        path: '/api/callback',
        maxAge: LOGIN_COOKIE_MAX_AGE_S,
        signed: true,
      });
      return reply.redirect(url.href);
    },
  );

  app.get('/api/callback', { config: { public: true } }, async (request, reply) => {
    const pending = readLoginCookie(request.unsignCookie(request.cookies[LOGIN_COOKIE] ?? ''));
    reply.clearCookie(LOGIN_COOKIE, { ...sessionCookieOptions, path: '/api/callback' });
    const providerError = queryText((request.query as Record<string, unknown>).error);
    if (providerError) {
      // The person cancelled at the provider: back to the landing page, no drama.
      if (providerError === 'access_denied') return reply.redirect('/');
      return reply.redirect(`/auth-debug?error=${encodeURIComponent(providerError)}`);
    }
    if (!pending) return reply.redirect('/auth-debug?error=login_expired');

    let completed;
    try {
      completed = await oidc.finishLogin(new URL(request.url, publicUrl), pending);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback refused');
      return reply.redirect('/auth-debug?error=login_failed');
    }
    // Computed before any write: the redirect cannot fail after the session exists.
    const returnTo = safeReturnTo(pending.returnTo, publicUrl);
    let token;
    try {
      const user = await signInUser(db, completed.claims, {
        issuer: completed.issuer,
        userAgent: request.headers['user-agent'],
        ipAddress: request.ip,
        loginMethod: options.loginMethod,
        languageHints: [request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']],
      });
      // A new session id at every sign-in; the previous session (if any) ends.
      if (request.auth) await destroySession(db, request.auth.idHash);
      token = await createSession(db, user.id, completed.idToken ?? null);
      request.log.info({ userId: user.id }, 'signed in');
    } catch (error) {
      request.log.error({ err: error }, 'sign-in could not be recorded');
      return reply.redirect('/auth-debug?error=login_failed');
    }
    reply.setCookie(sessionCookie.name, token, { ...sessionCookieOptions, maxAge: sessionMaxAgeS });
    return reply.redirect(returnTo);
  });

  app.get('/api/logout', { config: { public: true } }, async (request, reply) => {
    // Logout is a GET navigation (spec §2). Refuse it from other sites so a
    // foreign page cannot sign people out (SameSite=Lax still sends the cookie).
    // same-site too: a sibling subdomain (another app, user content) is not us.
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return reply.redirect('/');
    const session = request.auth;
    if (session) await destroySession(db, session.idHash);
    // Same attributes as when set: browsers ignore a __Host- cookie change without Secure.
    reply.clearCookie(sessionCookie.name, sessionCookieOptions);
    const endSession = session ? await oidc.logoutUrl(session.idToken, new URL('/', publicUrl).href) : undefined;
    return reply.redirect(endSession?.href ?? '/');
  });
};

function readLoginCookie(unsigned: {
  valid: boolean;
  value: string | null;
}): (PendingLogin & { returnTo: string }) | null {
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = loginCookieSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
