import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { LANGUAGE_COOKIE } from '../../contract/enums';
import { optionalEmailSchema } from '../../contract/schemas/profile';
import { displayNameSchema, usernameSchema } from '../../contract/schemas/user';
import type { Database } from '../db/client';
import { createAccount, findAccount, listAccounts } from './accounts';
import { pickLanguage } from '../http/preferred-language';
import { idpText } from './page-text';
import { renderMessagePage, renderSignInPage } from './sign-in-page';
import { isExpiredInteraction } from './interaction-errors';
import { registerPasskeyInteractionRoutes } from './passkeys/interaction-routes';
import type { RelyingParty } from './passkeys/relying-party';

const FORM_BODY_LIMIT = 16 * 1024;

const createAccountForm = z.object({
  name: displayNameSchema,
  username: usernameSchema,
  email: optionalEmailSchema,
});

/** The app's language cookie first, then the OIDC ui_locales hint, then the browser's. */
function languageOf(request: FastifyRequest, uiLocales?: unknown) {
  return pickLanguage([
    request.cookies[LANGUAGE_COOKIE],
    typeof uiLocales === 'string' ? uiLocales : undefined,
    request.headers['accept-language'],
  ]);
}

/** A short translated page (expired or invalid sign-in) with status 400. */
function messagePage(request: FastifyRequest, kind: 'expired' | 'invalid'): string {
  const language = languageOf(request);
  const t = idpText(language);
  return renderMessagePage(language, t(`${kind}Title`), t(kind));
}

/**
 * Mounts the built-in provider under /oidc and serves its sign-in pages.
 * Two encapsulated scopes: the protocol endpoints get the raw request stream
 * (oidc-provider parses its own bodies), the interaction pages parse forms.
 */
export interface BuiltinSignInOptions {
  /** Passkeys' relying party; null where they cannot work (docs/decisions/0051). */
  party: RelyingParty | null;
  mailAvailable: boolean;
  /** The password-less account picker: loopback development, or ALLOW_BUILTIN_IDP (docs/decisions/0002). */
  pickerAllowed: boolean;
  /** Without email, an invitation link lets a newcomer sign up (docs/decisions/0051). */
  invitationKey: string;
}

export async function registerBuiltinProvider(
  app: FastifyInstance,
  provider: Provider,
  db: Database,
  signIn: BuiltinSignInOptions,
): Promise<void> {
  const handle = provider.callback();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave the body unread for oidc-provider.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/oidc/*', { config: { public: true } }, (request, reply) => {
      // A NUL byte cannot be stored (jsonb refuses it): refuse the request here
      // rather than let the provider fail with a 500.
      if (/%00/i.test(request.url)) {
        return reply.status(400).type('text/html; charset=utf-8').send(messagePage(request, 'invalid'));
      }
      reply.hijack();
      // oidc-provider routes relative to its mount point and finds the mount
      // from originalUrl. Rebuilt from the routed wildcard, so an absolute-form
      // request line maps the same way.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const rest = (request.params as { '*'?: string })['*'] ?? '';
      const queryIndex = request.url.indexOf('?');
      const query = queryIndex >= 0 ? request.url.slice(queryIndex) : '';
      raw.url = `/${rest}${query}`;
      raw.originalUrl = `/oidc${raw.url}`;
      handle(raw, reply.raw);
    });
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const renderPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      form?: Parameters<typeof renderSignInPage>[0]['form'],
    ) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const language = languageOf(request, details.params.ui_locales);
      const html = renderSignInPage({
        language,
        t: idpText(language),
        uid: details.uid,
        accounts: await listAccounts(db),
        passkeyUrl: signIn.party ? `/sign-in/${encodeURIComponent(details.uid)}` : undefined,
        form,
      });
      return reply
        .status(form ? 400 : 200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(html);
    };

    const expired = (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(400).type('text/html; charset=utf-8').send(messagePage(request, 'expired'));

    /** Wraps an interaction handler: an unknown or expired interaction gets a friendly page. */
    const interaction =
      (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          return await handler(request, reply);
        } catch (error) {
          if (isExpiredInteraction(error)) return expired(request, reply);
          throw error;
        }
      };

    const finish = async (
      request: FastifyRequest,
      reply: FastifyReply,
      result: Parameters<Provider['interactionFinished']>[2],
    ) => {
      // Check the interaction first, while Fastify still owns the reply: a
      // missing or expired one must get the friendly page, not a dead socket.
      await provider.interactionDetails(request.raw, reply.raw);
      reply.hijack();
      try {
        await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
      } catch (error) {
        request.log.warn({ err: error }, 'built-in identity provider: could not finish the interaction');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          reply.raw.end(messagePage(request, 'expired'));
        } else {
          reply.raw.end();
        }
      }
    };

    /** Without the picker (a public address) its pages and forms answer 403: passkeys only. */
    const pickerRefused = (request: FastifyRequest, reply: FastifyReply) => {
      request.log.warn('built-in identity provider: the password-less account picker is off at this address');
      const language = languageOf(request);
      const t = idpText(language);
      return reply
        .status(403)
        .type('text/html; charset=utf-8')
        .send(renderMessagePage(language, t('pickerOffTitle'), t('pickerOff')));
    };

    scope.get(
      '/oidc/interaction/:uid',
      { config: { public: true } },
      interaction(async (request, reply) => {
        if (signIn.pickerAllowed) return renderPage(request, reply);
        // Passkeys: the client's page, which checks the interaction itself.
        const { uid } = await provider.interactionDetails(request.raw, reply.raw);
        return reply.redirect(`/sign-in/${encodeURIComponent(uid)}`, 303);
      }),
    );

    scope.post(
      '/oidc/interaction/:uid/login',
      { config: { public: true } },
      interaction(async (request, reply) => {
        if (!signIn.pickerAllowed) return pickerRefused(request, reply);
        await provider.interactionDetails(request.raw, reply.raw);
        const body = z.object({ accountId: z.string() }).safeParse(request.body);
        const account = body.success ? await findAccount(db, body.data.accountId) : undefined;
        if (!account) return renderPage(request, reply);
        request.log.warn({ accountId: account.id }, 'built-in identity provider: password-less sign-in');
        return finish(request, reply, { login: { accountId: account.id, remember: false } });
      }),
    );

    scope.post(
      '/oidc/interaction/:uid/create',
      { config: { public: true } },
      interaction(async (request, reply) => {
        if (!signIn.pickerAllowed) return pickerRefused(request, reply);
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const t = idpText(languageOf(request, details.params.ui_locales));
        const raw = z.record(z.string(), z.string()).catch({}).parse(request.body);
        const values = { name: raw.name ?? '', username: raw.username ?? '', email: raw.email ?? '' };
        const parsed = createAccountForm.safeParse(values);
        if (!parsed.success) {
          const errors: Partial<Record<'name' | 'username' | 'email', string>> = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as 'name' | 'username' | 'email';
            errors[field] ??= t(issue.message);
          }
          return renderPage(request, reply, { ...values, errors });
        }
        const account = await createAccount(db, parsed.data);
        if (!account)
          return renderPage(request, reply, { ...values, errors: { username: t('validation.usernameTaken') } });
        request.log.warn({ accountId: account.id }, 'built-in identity provider: local account created');
        return finish(request, reply, { login: { accountId: account.id, remember: false } });
      }),
    );

    registerPasskeyInteractionRoutes(scope, {
      provider,
      db,
      party: signIn.party,
      mailAvailable: signIn.mailAvailable,
      pickerAllowed: signIn.pickerAllowed,
      invitationKey: signIn.invitationKey,
      languageOf: (request) => languageOf(request),
    });

    scope.post(
      '/oidc/interaction/:uid/abort',
      { config: { public: true } },
      interaction((request, reply) =>
        finish(request, reply, { error: 'access_denied', error_description: 'The person cancelled the sign-in' }),
      ),
    );
  });
}
