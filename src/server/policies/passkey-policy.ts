import type { Actor } from './actor';

/**
 * A built-in sign-in account's passkeys (docs/decisions/0051): only the
 * person the account signs in manages them. `ownerUserId` is the Lendloop
 * person whose sign-in identity is that account (users.issuer is the
 * built-in provider, users.subject the account id); null when nobody signed
 * in with it yet. Everyone else is answered 404.
 */
export const passkeyRules = {
  'passkey:manage': (actor: Actor, passkey: { ownerUserId: string | null }) => passkey.ownerUserId === actor.id,
};
