import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type Language } from '@/contract/enums';
import type { Database } from '../../db/client';
import { pickLanguage } from '../../http/preferred-language';
import { localeText } from '../../i18n/locale-texts';
import { findUnsubscribeRecipient, turnEmailOff } from './turn-email-off';
import { renderUnsubscribePage, type UnsubscribePageModel } from './unsubscribe-page';
import { verifyUnsubscribeToken } from './unsubscribe-token';
import { UNSUBSCRIBE_PATH } from './unsubscribe-url';

/** Far more than a token needs; anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 512;

/**
 * GET /unsubscribe?token=… shows what the link would stop and a button;
 * POST /unsubscribe?token=… stops it. The POST is also RFC 8058's one-click
 * unsubscribe, which mail providers send from their servers with the body
 * `List-Unsubscribe=One-Click` and no cookies: the signed token is the only
 * credential, so the route is public (docs/decisions/0005) and outside
 * /api, where the cross-origin guard would refuse a POST from another
 * origin. It counts against the per-address rate limit like the API.
 * A missing, altered or unknown token is a translated 400 page, never a 500.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ db: Database; tokenKey: string }> = async (
  scope,
  { db, tokenKey },
) => {
  // One-click sends a urlencoded or multipart body whose content we do not need: read (bounded) and drop it.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const routeConfig = { public: true, rateLimit: { allowList: () => false } };

  scope.get(UNSUBSCRIBE_PATH, { config: routeConfig }, async (request, reply) => {
    const claims = claimsOf(request, tokenKey);
    if (!claims) return invalid(request, reply);
    const recipient = await findUnsubscribeRecipient(db, claims.userId);
    // An account that is gone gets no email: nothing left to stop.
    const model: UnsubscribePageModel = recipient
      ? {
          state: 'confirm',
          scope: claims.scope,
          formAction: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(claims.token)}`,
        }
      : { state: 'done', scope: claims.scope };
    return page(reply, 200, recipient?.language ?? languageOf(request), model);
  });

  scope.post(UNSUBSCRIBE_PATH, { config: routeConfig }, async (request, reply) => {
    const claims = claimsOf(request, tokenKey);
    if (!claims) return invalid(request, reply);
    const recipient = await turnEmailOff(db, claims.userId, claims.scope);
    request.log.info({ userId: claims.userId, scope: claims.scope }, 'email unsubscribed');
    return page(reply, 200, recipient?.language ?? languageOf(request), { state: 'done', scope: claims.scope });
  });
};

function claimsOf(request: FastifyRequest, tokenKey: string) {
  const { token } = request.query as { token?: unknown };
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const claims = verifyUnsubscribeToken(tokenKey, token);
  return claims && { ...claims, token };
}

/** Without a valid token we do not know whose link it is: the app's language cookie, then the browser's. */
function languageOf(request: FastifyRequest): Language {
  return pickLanguage([request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']]);
}

function invalid(request: FastifyRequest, reply: FastifyReply) {
  return page(reply, 400, languageOf(request), { state: 'invalid' });
}

function page(reply: FastifyReply, status: number, language: Language, model: UnsubscribePageModel) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(renderUnsubscribePage(language, localeText('email', language), model));
}
