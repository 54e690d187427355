import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { LIMITS } from '../../contract/limits';
import { AppError } from '../http/app-error';

/**
 * The old `ref` of an invitation link, before short tokens
 * (invitation-link.ts): `<payload>.<signature>`, both base64url. New links
 * are no longer signed; links already sent are verified here until they
 * expire, `LIMITS.invitationLinkTtlDays` after the release that introduced
 * short tokens, after which this file can go (`signInvitationToken` stays
 * only so tests can make such links).
 *
 * The payload names the inviter and the contact they invited and carries an
 * expiry; the HMAC-SHA256 signature (key derived from SESSION_SECRET) makes
 * it impossible to forge or alter. It is not encrypted: it holds two random
 * ids and a date, nothing the person holding the link should not see.
 */
const VERSION = 1;
const payloadSchema = z.object({
  v: z.literal(VERSION),
  inviter: z.uuid(),
  contact: z.uuid(),
  /** Expiry, seconds since the epoch. */
  exp: z.number().int().positive(),
});

export interface InvitationClaims {
  inviterId: string;
  contactId: string;
  expiresAt: Date;
}

export function invitationExpiry(now = new Date()): Date {
  return new Date(now.getTime() + LIMITS.invitationLinkTtlDays * 24 * 60 * 60 * 1000);
}

function signature(key: string, encodedPayload: string): Buffer {
  // The prefix binds the signature to this use, should the key ever sign anything else.
  return createHmac('sha256', key).update(`lendloop-invitation.${encodedPayload}`).digest();
}

export function signInvitationToken(key: string, claims: InvitationClaims): string {
  const payload = {
    v: VERSION,
    inviter: claims.inviterId,
    contact: claims.contactId,
    exp: Math.floor(claims.expiresAt.getTime() / 1000),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signature(key, encoded).toString('base64url')}`;
}

const invalid = () => new AppError('invite_link_invalid', 'Invite link invalid or corrupted');

/** The claims of a genuine, unexpired token; otherwise "invite link invalid or corrupted" (400). */
export function verifyInvitationToken(key: string, token: string, now = new Date()): InvitationClaims {
  const parts = token.split('.');
  if (parts.length !== 2) throw invalid();
  const [encoded = '', sent = ''] = parts;
  // Compared as text, so a link has exactly one valid spelling (base64url
  // decoding alone would accept padding and stray characters).
  const expected = Buffer.from(signature(key, encoded).toString('base64url'));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();

  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const payload = payloadSchema.safeParse(json);
  if (!payload.success) throw invalid();
  const expiresAt = new Date(payload.data.exp * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw invalid();
  return { inviterId: payload.data.inviter, contactId: payload.data.contact, expiresAt };
}
