import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE } from '../../../contract/enums';
import { pickLanguage } from '../../http/preferred-language';
import { z } from 'zod';
import {
  accountTokenBodySchema,
  confirmedEmailSchema,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsBodySchema,
  recoveryRequestSchema,
  webauthnOptionsSchema,
} from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { consumeRateLimit } from '../../rate-limits/consume-rate-limit';
import { confirmEmail } from './confirm-email';
import { emailKey } from './interaction-routes';
import { redeemRecovery, requestRecovery } from './recover-account';
import { peekAccountToken } from './one-time-tokens';
import { invalidLink, passkeyRegistrationOptions, registerPasskey } from './register-passkey';
import type { RelyingParty } from './relying-party';

/** Per address and hour: a sign-up needs two or three of these. */
export const ACCOUNT_LINK_LIMIT = { max: 30, windowSeconds: 60 * 60 };
/** Recovery mails: per client address, and per email address (nobody's inbox is flooded through us). */
export const RECOVERY_LIMIT = { max: 5, windowSeconds: 60 * 60 };
export const RECOVERY_PER_EMAIL_LIMIT = { max: 3, windowSeconds: 60 * 60 };

/**
 * The built-in provider's account pages' calls (docs/decisions/0051), public:
 * the one-time token in the body is the credential. Registered with the
 * built-in provider; where passkeys cannot work they answer 404.
 */
export const idpAccountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  party: RelyingParty | null;
  mailAvailable: boolean;
}> = async (app, options) => {
  const { db } = options;
  /** Spends the address's budget, then: where passkeys cannot work, none of this can either. */
  const spendBudget = async (ip: string): Promise<RelyingParty> => {
    await consumeRateLimit(db, { key: `idp-account-link:${ip}`, ...ACCOUNT_LINK_LIMIT });
    if (!options.party) throw new AppError('passkeys_unavailable', 'Passkeys do not work at this address');
    return options.party;
  };

  app.post(
    '/api/idp/email-confirmations',
    { config: { public: true }, schema: { body: accountTokenBodySchema, response: { 200: confirmedEmailSchema } } },
    async (request) => {
      await spendBudget(request.ip);
      const confirmed = await confirmEmail(db, request.body.token);
      request.log.info('built-in identity provider: address confirmed');
      return confirmed;
    },
  );

  app.post(
    '/api/idp/recoveries',
    { config: { public: true }, schema: { body: recoveryRequestSchema, response: { 202: z.object({}) } } },
    async (request, reply) => {
      await consumeRateLimit(db, { key: `idp-recovery:${request.ip}`, ...RECOVERY_LIMIT });
      if (!options.party) throw new AppError('passkeys_unavailable', 'Passkeys do not work at this address');
      if (!options.mailAvailable) throw new AppError('recovery_needs_email', 'Recovery needs email');
      const email = request.body.email.toLowerCase();
      await consumeRateLimit(db, { key: `idp-recovery-email:${emailKey(email)}`, ...RECOVERY_PER_EMAIL_LIMIT });
      await requestRecovery(
        db,
        email,
        pickLanguage([request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']]),
      );
      // The same answer for any address (docs/decisions/0051).
      return reply.status(202).send({});
    },
  );

  app.post(
    '/api/idp/recoveries/redeem',
    { config: { public: true }, schema: { body: accountTokenBodySchema, response: { 200: confirmedEmailSchema } } },
    async (request) => {
      await spendBudget(request.ip);
      const redeemed = await redeemRecovery(db, request.body.token);
      request.log.info('built-in identity provider: recovery link used');
      return redeemed;
    },
  );

  app.post(
    '/api/idp/passkey-registrations/options',
    {
      config: { public: true },
      schema: { body: passkeyRegistrationOptionsBodySchema, response: { 200: webauthnOptionsSchema } },
    },
    async (request) => {
      const party = await spendBudget(request.ip);
      const accountId = await peekAccountToken(db, request.body.ticket, 'add_passkey');
      if (!accountId) throw invalidLink();
      return passkeyRegistrationOptions(db, party, accountId, false);
    },
  );

  app.post(
    '/api/idp/passkey-registrations',
    {
      config: { public: true },
      schema: { body: passkeyRegistrationBodySchema, response: { 201: z.object({ id: z.uuid() }) } },
    },
    async (request, reply) => {
      const party = await spendBudget(request.ip);
      const { ticket, ...input } = request.body;
      const added = await registerPasskey(db, party, { ticket }, input);
      request.log.info({ accountId: added.accountId }, 'built-in identity provider: passkey registered');
      return reply.status(201).send({ id: added.id });
    },
  );
};
