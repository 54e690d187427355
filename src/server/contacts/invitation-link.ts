import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contacts } from '../db/schema';
import { AppError } from '../http/app-error';
import { invitationExpiry, verifyInvitationToken } from './invitation-token';

/**
 * The `ref` of an invitation link: 12 random base62 characters (62^12 ≈ 2^71)
 * kept on the contact row (`contacts.invitation_token`, unique, with
 * `invitation_expires_at`), so a link is `PUBLIC_URL/invite?ref=<12 chars>`
 * instead of a ~250-character signed token (docs/decisions/0007, amendment).
 * Guessing one is hopeless at any request rate; deleting the contact voids it.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const INVITATION_TOKEN_LENGTH = 12;
const SHORT_TOKEN = new RegExp(`^[0-9A-Za-z]{${INVITATION_TOKEN_LENGTH}}$`);
/** The largest multiple of 62 that fits a byte: bytes at or above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export function newInvitationToken(): string {
  let token = '';
  while (token.length < INVITATION_TOKEN_LENGTH) {
    for (const byte of randomBytes(INVITATION_TOKEN_LENGTH * 2)) {
      if (byte < UNBIASED_LIMIT && token.length < INVITATION_TOKEN_LENGTH) token += ALPHABET[byte % ALPHABET.length];
    }
  }
  return token;
}

export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

/**
 * Gives the owner's unlinked contact a link token valid for
 * `LIMITS.invitationLinkTtlDays` from now. A token still valid is kept (only
 * its expiry moves on), so a link already sent keeps working when the owner
 * re-invites; an expired or missing one is replaced. One UPDATE: two dialogs
 * opened at once get the same token, because the second waits for the
 * first's row lock and then sees its token. Undefined when the contact is not
 * the owner's or is linked by now.
 */
export async function issueInvitationToken(
  db: DbOrTx,
  ownerId: string,
  contactId: string,
): Promise<IssuedInvitation | undefined> {
  const expiresAt = invitationExpiry();
  const [issued] = await db
    .update(contacts)
    .set({
      invitationToken: sql`CASE WHEN ${contacts.invitationExpiresAt} > now() THEN ${contacts.invitationToken} ELSE ${newInvitationToken()} END`,
      invitationExpiresAt: expiresAt,
    })
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, ownerId), isNull(contacts.contactUserId)))
    .returning({ token: contacts.invitationToken });
  return issued?.token ? { token: issued.token, expiresAt } : undefined;
}

/** Who sent a link and for which of their contacts. */
export interface InvitationTarget {
  inviterId: string;
  contactId: string;
}

const invalid = () => new AppError('invite_link_invalid', 'Invite link invalid or corrupted');

/**
 * The inviter and contact a link's `ref` names, or "invite link invalid or
 * corrupted" (400) when it is unknown, expired, or its contact was deleted.
 *
 * Links sent before short tokens carry a signed token (`<payload>.<HMAC>`,
 * always with a dot; a short token never has one). They are still honoured
 * until they expire, at most `LIMITS.invitationLinkTtlDays` after the release
 * that introduced short tokens; after that the dotted branch (and
 * invitation-token.ts's verifier and the key passed here) can be removed.
 */
export async function resolveInvitation(db: DbOrTx, token: string, legacyKey: string): Promise<InvitationTarget> {
  if (token.includes('.')) {
    const { inviterId, contactId } = verifyInvitationToken(legacyKey, token);
    return { inviterId, contactId };
  }
  if (!SHORT_TOKEN.test(token)) throw invalid();
  const [row] = await db
    .select({ inviterId: contacts.userId, contactId: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.invitationToken, token), gt(contacts.invitationExpiresAt, sql`now()`)));
  if (!row) throw invalid();
  return row;
}
