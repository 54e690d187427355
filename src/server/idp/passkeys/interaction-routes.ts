import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  passkeySignInBodySchema,
  signedInRedirectSchema,
  signInSetupSchema,
  signUpFormSchema,
  signUpResultSchema,
  webauthnOptionsSchema,
} from '../../../contract/schemas/passkeys';
import type { Language } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { consumeRateLimit } from '../../rate-limits/consume-rate-limit';
import { isExpiredInteraction } from '../interaction-errors';
import type { RelyingParty } from './relying-party';
import { passkeySignInOptions, verifyPasskeySignIn } from './sign-in-with-passkey';
import { signUp, signUpMode } from './sign-up';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface PasskeyInteractionDeps {
  provider: Provider;
  db: Database;
  /** Null where passkeys cannot work (an IP address, plain http off loopback). */
  party: RelyingParty | null;
  mailAvailable: boolean;
  pickerAllowed: boolean;
  /** The key of older, signed invitation links (contacts/invitation-link.ts). */
  invitationKey: string;
  languageOf: (request: FastifyRequest) => Language;
}

/** Per address: enough for a household behind one router, too few to guess at scale. */
export const PASSKEY_SIGN_IN_LIMIT = { max: 60, windowSeconds: 10 * 60 };
export const SIGN_UP_LIMIT = { max: 10, windowSeconds: 60 * 60 };
/** Per email address and hour: nobody's inbox is flooded with sign-up mails through us. */
export const SIGN_UP_PER_EMAIL_LIMIT = { max: 3, windowSeconds: 60 * 60 };

/** An email address as a rate-limit key: hashed, lower case, so the counter table holds no address. */
export const emailKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('base64url');

const uidParams = z.object({ uid: z.string().min(1).max(200) });

/**
 * The passkey side of the built-in provider's sign-in (docs/decisions/0051),
 * under the interaction's path so its cookie (scoped to the path) comes
 * along. The page itself is the client's `/sign-in/{uid}`; these answer
 * its JSON calls. Every call spends the address's budget first.
 */
export function registerPasskeyInteractionRoutes(scope: FastifyInstance, deps: PasskeyInteractionDeps): void {
  const { provider, db } = deps;
  // The page shows "this sign-in has expired" and starts a new one.
  const interaction =
    (handler: Handler): Handler =>
    async (request, reply) => {
      try {
        return await handler(request, reply);
      } catch (error) {
        if (isExpiredInteraction(error)) throw new AppError('sign_in_expired', 'This sign-in has expired');
        throw error;
      }
    };
  const requireParty = () => {
    if (!deps.party) throw new AppError('passkeys_unavailable', 'Passkeys do not work at this address');
    return deps.party;
  };

  scope.get(
    '/oidc/interaction/:uid/setup',
    { config: { public: true }, schema: { params: uidParams, response: { 200: signInSetupSchema } } },
    interaction(async (request, reply) => {
      await provider.interactionDetails(request.raw, reply.raw);
      reply.header('cache-control', 'no-store');
      return {
        passkeys: deps.party !== null,
        signUp: await signUpMode(db, deps.mailAvailable),
        picker: deps.pickerAllowed,
        recovery: deps.party !== null && deps.mailAvailable,
      };
    }),
  );

  scope.post(
    '/oidc/interaction/:uid/passkey/options',
    { config: { public: true }, schema: { params: uidParams, response: { 200: webauthnOptionsSchema } } },
    interaction(async (request, reply) => {
      await consumeRateLimit(db, { key: `idp-passkey:${request.ip}`, ...PASSKEY_SIGN_IN_LIMIT });
      const party = requireParty();
      await provider.interactionDetails(request.raw, reply.raw);
      return passkeySignInOptions(db, party);
    }),
  );

  scope.post(
    '/oidc/interaction/:uid/passkey',
    {
      config: { public: true },
      schema: { params: uidParams, body: passkeySignInBodySchema, response: { 200: signedInRedirectSchema } },
    },
    interaction(async (request, reply) => {
      await consumeRateLimit(db, { key: `idp-passkey:${request.ip}`, ...PASSKEY_SIGN_IN_LIMIT });
      const party = requireParty();
      await provider.interactionDetails(request.raw, reply.raw);
      const accountId = await verifyPasskeySignIn(db, party, request.body as z.infer<typeof passkeySignInBodySchema>);
      request.log.info({ accountId }, 'built-in identity provider: signed in with a passkey');
      // The provider's resume URL; the page navigates there (a fetch cannot follow it as a navigation).
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    }),
  );

  scope.post(
    '/oidc/interaction/:uid/sign-up',
    {
      config: { public: true },
      schema: { params: uidParams, body: signUpFormSchema, response: { 200: signUpResultSchema } },
    },
    interaction(async (request, reply) => {
      await consumeRateLimit(db, { key: `idp-sign-up:${request.ip}`, ...SIGN_UP_LIMIT });
      requireParty();
      const body = request.body as z.output<typeof signUpFormSchema>;
      await consumeRateLimit(db, { key: `idp-sign-up-email:${emailKey(body.email)}`, ...SIGN_UP_PER_EMAIL_LIMIT });
      await provider.interactionDetails(request.raw, reply.raw);
      const result = await signUp(db, body, {
        mailAvailable: deps.mailAvailable,
        language: deps.languageOf(request),
        invitationKey: deps.invitationKey,
      });
      request.log.info({ status: result.status }, 'built-in identity provider: account signed up');
      return result;
    }),
  );
}
