import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/contract/enums';

/**
 * The token of an email's unsubscribe link (docs/decisions/0025):
 * `<payload>.<signature>`, both base64url. The payload names the person and
 * what to stop ('all' email, or one kind); the HMAC-SHA256 signature (key
 * derived from SESSION_SECRET for this purpose only) makes it impossible to
 * forge or alter. It does not expire: a link in an old mail must still work
 * (RFC 8058 asks for that), and all it can do is turn email off. `v` lets a
 * later format live beside this one.
 */
const VERSION = 1;

export const UNSUBSCRIBE_SCOPES = ['all', ...NOTIFICATION_KINDS] as const;
export type UnsubscribeScope = 'all' | NotificationKind;

const payloadSchema = z.object({
  v: z.literal(VERSION),
  u: z.uuid(),
  s: z.enum(UNSUBSCRIBE_SCOPES),
});

export interface UnsubscribeClaims {
  userId: string;
  scope: UnsubscribeScope;
}

/** The key derivedSecret() gives for this purpose (app.ts and the digest job use the same name). */
export const UNSUBSCRIBE_KEY_PURPOSE = 'unsubscribe-token';

function signature(key: string, encodedPayload: string): string {
  // The prefix binds the signature to this use, should the key ever sign anything else.
  return createHmac('sha256', key).update(`lendloop-unsubscribe.${encodedPayload}`).digest('base64url');
}

export function signUnsubscribeToken(key: string, claims: UnsubscribeClaims): string {
  const encoded = Buffer.from(JSON.stringify({ v: VERSION, u: claims.userId, s: claims.scope })).toString('base64url');
  return `${encoded}.${signature(key, encoded)}`;
}

/** The claims of a genuine token, or null for anything else (altered, truncated, another format). */
export function verifyUnsubscribeToken(key: string, token: string): UnsubscribeClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [encoded = '', sent = ''] = parts;
  // Compared as text, so a token has exactly one valid spelling.
  const expected = Buffer.from(signature(key, encoded));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const payload = payloadSchema.safeParse(json);
  return payload.success ? { userId: payload.data.u, scope: payload.data.s } : null;
}
