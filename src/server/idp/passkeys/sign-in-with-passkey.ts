import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { authenticationResponseSchema, WebauthnOptions } from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { idpAccounts, idpPasskeys } from '../../db/schema';
import { passkeyFailed } from './register-passkey';
import type { RelyingParty } from './relying-party';
import { saveChallenge, takeChallenge } from './webauthn-challenges';

/**
 * Signing in with a passkey (docs/decisions/0051). The options name no
 * account: the browser offers the passkeys it holds for this site, and the
 * answer's credential id says whose it is. Only accounts whose address is
 * confirmed sign in.
 */
export async function passkeySignInOptions(db: Database, party: RelyingParty): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({ rpID: party.id, userVerification: 'preferred' });
  const challengeId = await saveChallenge(db, {
    challenge: options.challenge,
    purpose: 'authenticate',
    accountId: null,
  });
  return { challengeId, options: { ...options } };
}

/** The account the passkey signed in, after checking its signature over the stored challenge. */
export async function verifyPasskeySignIn(
  db: Database,
  party: RelyingParty,
  input: { challengeId: string; response: z.infer<typeof authenticationResponseSchema> },
): Promise<string> {
  const challenge = await takeChallenge(db, input.challengeId, 'authenticate');
  if (!challenge) throw passkeyFailed('unknown or expired challenge');
  const [passkey] = await db
    .select({
      id: idpPasskeys.id,
      accountId: idpPasskeys.accountId,
      credentialId: idpPasskeys.credentialId,
      publicKey: idpPasskeys.publicKey,
      signCount: idpPasskeys.signCount,
      transports: idpPasskeys.transports,
    })
    .from(idpPasskeys)
    .innerJoin(idpAccounts, eq(idpAccounts.id, idpPasskeys.accountId))
    .where(and(eq(idpPasskeys.credentialId, input.response.id), isNotNull(idpAccounts.emailConfirmedAt)));
  if (!passkey) throw passkeyFailed('unknown passkey');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.signCount,
      },
      requireUserVerification: false,
    });
  } catch (error) {
    throw passkeyFailed(error instanceof Error ? error.message : 'not verified');
  }
  if (!verified.verified) throw passkeyFailed('not verified');
  await db
    .update(idpPasskeys)
    .set({ signCount: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(idpPasskeys.id, passkey.id));
  return passkey.accountId;
}
