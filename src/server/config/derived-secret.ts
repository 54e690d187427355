import { createHmac } from 'node:crypto';

/**
 * One key per purpose from the single SESSION_SECRET, so a key that leaks
 * from one use (say, the IdP's cookie keys) does not sign anything else.
 */
export function derivedSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
