import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { LIMITS } from '../../../contract/limits';
import type { registrationResponseSchema, WebauthnOptions } from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { idpAccounts, idpPasskeys } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { RelyingParty } from './relying-party';
import { redeemAccountToken } from './one-time-tokens';
import { saveChallenge, takeChallenge } from './webauthn-challenges';

/**
 * Registering a passkey for an account (docs/decisions/0051). Who may is
 * decided by the caller: the holder of an `add_passkey` ticket (a confirmed
 * sign-up or a recovery link) or, later, the signed-in person for their own
 * account. The passkey is discoverable (resident), so signing in needs no
 * username, and the browser is told which passkeys the account has already,
 * so the same authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  db: Database,
  party: RelyingParty,
  accountId: string,
  /** The profile's additions are capped; a ticket's (a first passkey, a recovery) never is, or a full account could not be recovered. */
  capped: boolean,
): Promise<WebauthnOptions> {
  const [account] = await db
    .select({ username: idpAccounts.username, name: idpAccounts.name })
    .from(idpAccounts)
    .where(eq(idpAccounts.id, accountId));
  if (!account) throw invalidLink();
  const existing = await db
    .select({ credentialId: idpPasskeys.credentialId, transports: idpPasskeys.transports })
    .from(idpPasskeys)
    .where(eq(idpPasskeys.accountId, accountId));
  if (capped && existing.length >= LIMITS.passkeysPerAccount) {
    throw new AppError('passkey_limit_reached', `At most ${LIMITS.passkeysPerAccount} passkeys per account`);
  }
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: account.username,
    userDisplayName: account.name,
    // The account id, so the passkey's user handle names the account it signs in.
    userID: new TextEncoder().encode(accountId),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransportName[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await saveChallenge(db, { challenge: options.challenge, purpose: 'register', accountId });
  return { challengeId, options: { ...options } };
}

type AuthenticatorTransportName = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/**
 * Checks the browser's answer against the stored challenge and keeps the new
 * passkey under `name`, for the account `who` names: a ticket's (spent by
 * the same transaction) or the signed-in person's.
 */
export async function registerPasskey(
  db: Database,
  party: RelyingParty,
  who: { ticket: string } | { accountId: string },
  input: { challengeId: string; name: string; response: z.infer<typeof registrationResponseSchema> },
): Promise<{ id: string; accountId: string }> {
  return db.transaction(async (tx) => {
    const accountId = 'ticket' in who ? await redeemAccountToken(tx, who.ticket, 'add_passkey') : who.accountId;
    if (!accountId) throw invalidLink();
    const challenge = await takeChallenge(tx, input.challengeId, 'register');
    if (!challenge || challenge.accountId !== accountId) throw passkeyFailed('unknown or expired challenge');
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.id,
        requireUserVerification: false,
      });
    } catch (error) {
      throw passkeyFailed(error instanceof Error ? error.message : 'not verified');
    }
    if (!verified.verified) throw passkeyFailed('not verified');
    const { credential } = verified.registrationInfo;
    // Counted again under the account's row lock: two registrations at once cannot pass the cap together.
    await tx.select({ id: idpAccounts.id }).from(idpAccounts).where(eq(idpAccounts.id, accountId)).for('update');
    const [held] = await tx.select({ n: count() }).from(idpPasskeys).where(eq(idpPasskeys.accountId, accountId));
    if ('accountId' in who && (held?.n ?? 0) >= LIMITS.passkeysPerAccount) {
      throw new AppError('passkey_limit_reached', `At most ${LIMITS.passkeysPerAccount} passkeys per account`);
    }
    const [row] = await tx
      .insert(idpPasskeys)
      .values({
        accountId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing({ target: idpPasskeys.credentialId })
      .returning({ id: idpPasskeys.id });
    // The authenticator's credential is registered already (to this or another account).
    if (!row) throw passkeyFailed('credential registered already');
    return { id: row.id, accountId };
  });
}

export const invalidLink = () =>
  new AppError('account_link_invalid', 'This link is not valid any more: it was used, or it expired');

export const passkeyFailed = (reason: string) =>
  new AppError('passkey_failed', `The passkey was not accepted: ${reason}`);
