import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contacts } from '../db/schema';
import { AppError } from '../http/app-error';
import { invitationExpiry, verifyInvitationToken } from './invitation-token';

/**
 * The `ref` of an invitation link: 12 base62 characters (62^12 ≈ 2^71), so a
 * link is `PUBLIC_URL/invite?ref=<12 chars>` instead of a ~250-character
 * signed token (docs/decisions/0007, amendment). Guessing one is hopeless at
 * any request rate; deleting the contact voids it.
 *
 * The `ref` itself is stored nowhere (docs/decisions/0042), as session tokens
 * are not: the contact row keeps its SHA-256, to find the contact from a
 * link, and a random seed; the `ref` is HMAC(key, seed) in base62, the key
 * derived from SESSION_SECRET. Re-opening the dialog derives the same link
 * again, and a copy of the database without the secret opens no invitation.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const INVITATION_TOKEN_LENGTH = 12;
const SHORT_TOKEN = new RegExp(`^[0-9A-Za-z]{${INVITATION_TOKEN_LENGTH}}$`);
/** The purpose SESSION_SECRET's invitation-link key is derived for (config/derived-secret.ts). */
export const INVITATION_LINK_KEY_PURPOSE = 'invitation-link';

/** 128 random bits, the seed of one link. */
export function newInvitationSeed(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The `ref` a seed gives under `key`: the 256-bit HMAC as a number, written
 * in base 62 to 12 digits. 2^256 is so much larger than 62^12 that every
 * `ref` is as likely as any other.
 */
export function invitationTokenFor(key: string, seed: string): string {
  let value = BigInt(`0x${createHmac('sha256', key).update(`lendloop-invitation-link.${seed}`).digest('hex')}`);
  let token = '';
  for (let i = 0; i < INVITATION_TOKEN_LENGTH; i++) {
    token += ALPHABET[Number(value % 62n)];
    value /= 62n;
  }
  return token;
}

/** What the contact row keeps of a `ref`. The migration 0024 computes the same in SQL for links sent before. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

/**
 * Gives the owner's unlinked contact a link valid for
 * `LIMITS.invitationLinkTtlDays` from now. A link still valid is kept (only
 * its expiry moves on), so a link already sent keeps working when the owner
 * re-invites; an expired or missing one is replaced. The row is locked while
 * this runs: two dialogs opened at once get the same link, because the
 * second waits for the first and then sees its seed. Undefined when the
 * contact is not the owner's or is linked by now.
 */
export async function issueInvitationToken(
  db: DbOrTx,
  key: string,
  ownerId: string,
  contactId: string,
): Promise<IssuedInvitation | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ seed: contacts.invitationSeed, valid: sql<boolean>`${contacts.invitationExpiresAt} > now()` })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, ownerId), isNull(contacts.contactUserId)))
      .for('update');
    if (!row) return undefined;
    // A link sent before 0042 has no seed: it keeps working until it expires, and a new one is issued.
    const seed = row.valid && row.seed ? row.seed : newInvitationSeed();
    const token = invitationTokenFor(key, seed);
    const expiresAt = invitationExpiry();
    await tx
      .update(contacts)
      .set({ invitationSeed: seed, invitationTokenHash: invitationTokenHash(token), invitationExpiresAt: expiresAt })
      .where(eq(contacts.id, contactId));
    return { token, expiresAt };
  });
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
    .where(
      and(eq(contacts.invitationTokenHash, invitationTokenHash(token)), gt(contacts.invitationExpiresAt, sql`now()`)),
    );
  if (!row) throw invalid();
  return row;
}
