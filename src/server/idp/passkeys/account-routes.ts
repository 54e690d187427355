import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountTokenBodySchema,
  confirmedEmailSchema,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsBodySchema,
  webauthnOptionsSchema,
} from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { consumeRateLimit } from '../../rate-limits/consume-rate-limit';
import { confirmEmail } from './confirm-email';
import { peekAccountToken } from './one-time-tokens';
import { invalidLink, passkeyRegistrationOptions, registerPasskey } from './register-passkey';
import type { RelyingParty } from './relying-party';

/** Per address and hour: a sign-up needs two or three of these. */
export const ACCOUNT_LINK_LIMIT = { max: 30, windowSeconds: 60 * 60 };

/**
 * The built-in provider's account pages' calls (docs/decisions/0051), public:
 * the one-time token in the body is the credential. Registered with the
 * built-in provider; where passkeys cannot work they answer 404.
 */
export const idpAccountRoutes: FastifyPluginAsyncZod<{ db: Database; party: RelyingParty | null }> = async (
  app,
  options,
) => {
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
    '/api/idp/passkey-registrations/options',
    {
      config: { public: true },
      schema: { body: passkeyRegistrationOptionsBodySchema, response: { 200: webauthnOptionsSchema } },
    },
    async (request) => {
      const party = await spendBudget(request.ip);
      const accountId = await peekAccountToken(db, request.body.ticket, 'add_passkey');
      if (!accountId) throw invalidLink();
      return passkeyRegistrationOptions(db, party, accountId);
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
