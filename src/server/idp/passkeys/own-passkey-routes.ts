import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOwnPasskeyBodySchema, ownPasskeysSchema, webauthnOptionsSchema } from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { requireActor, type Actor } from '../../policies';
import { consumeRateLimit } from '../../rate-limits/consume-rate-limit';
import { listOwnPasskeys, ownIdpAccount, removeOwnPasskey } from './own-passkeys';
import { passkeyRegistrationOptions, registerPasskey } from './register-passkey';
import type { RelyingParty } from './relying-party';

/** Adding passkeys on the profile, per person and hour: options and registrations together. */
export const OWN_PASSKEY_LIMIT = { max: 30, windowSeconds: 60 * 60 };

/**
 * The profile's passkeys (docs/decisions/0051), signed in: list, add and
 * remove one's own. Registered with the built-in provider; someone who
 * signs in elsewhere (or where passkeys cannot work) sees `available: false`
 * and gets 404 from the rest.
 */
export const ownPasskeyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  party: RelyingParty | null;
  builtinIssuer: string;
}> = async (app, { db, party, builtinIssuer }) => {
  /** The actor's own account where passkeys work; 404 otherwise. Each use spends the person's hourly budget. */
  const ownAccount = async (actor: Actor) => {
    await consumeRateLimit(db, { key: `passkey-add:${actor.id}`, ...OWN_PASSKEY_LIMIT });
    const accountId = party ? await ownIdpAccount(db, actor, builtinIssuer) : null;
    if (!party || !accountId) throw new AppError('passkeys_unavailable', 'No passkeys for this account here');
    return { party, accountId };
  };

  app.get('/api/passkeys', { schema: { response: { 200: ownPasskeysSchema } } }, async (request) => {
    const actor = requireActor(request);
    const accountId = party ? await ownIdpAccount(db, actor, builtinIssuer) : null;
    if (!accountId) return { available: false, passkeys: [] };
    return { available: true, passkeys: await listOwnPasskeys(db, accountId) };
  });

  app.post('/api/passkeys/options', { schema: { response: { 200: webauthnOptionsSchema } } }, async (request) => {
    const own = await ownAccount(requireActor(request));
    return passkeyRegistrationOptions(db, own.party, own.accountId, true);
  });

  app.post(
    '/api/passkeys',
    { schema: { body: addOwnPasskeyBodySchema, response: { 201: z.object({ id: z.uuid() }) } } },
    async (request, reply) => {
      const own = await ownAccount(requireActor(request));
      const added = await registerPasskey(db, own.party, { accountId: own.accountId }, request.body);
      return reply.status(201).send({ id: added.id });
    },
  );

  app.delete('/api/passkeys/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    await removeOwnPasskey(db, requireActor(request), builtinIssuer, request.params.id);
    return reply.status(204).send();
  });
};
