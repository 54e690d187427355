import { randomBytes } from 'node:crypto';

/**
 * Keys shaped like a browser's (PushSubscription.toJSON().keys): a 65-byte
 * uncompressed P-256 point (0x04 first) and a 16-byte auth secret, base64url.
 * The bytes are random, not a point on the curve: enough for the API, which
 * checks the sizes; a push to them fails at encryption (what tests of that need).
 */
export function fakePushKeys(): { p256dh: string; auth: string } {
  const point = randomBytes(65);
  point[0] = 0x04;
  return { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
