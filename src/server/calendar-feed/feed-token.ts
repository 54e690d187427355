import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret part of a calendar feed's link, `PUBLIC_URL/calendar/<token>.ics`
 * (docs/decisions/0047). A calendar app sends no cookie, so the token is the
 * credential. It is HMAC-SHA256 of the feed's `link_id` under the server's
 * calendar feed key (config.calendarFeedSecret), written in base64url: 256
 * bits, hopeless to guess at any request rate.
 *
 * Only its SHA-256 is stored (`calendar_feeds.token_hash`, as for invitation
 * links, docs/decisions/0042): a copy of the database opens no feed, and a
 * feed request finds its person by one indexed lookup. Because the token is
 * an HMAC of the stored `link_id`, the server can show the person their link
 * again whenever the profile asks; a new link draws a new `link_id`, and the
 * old token's hash is gone with it.
 */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a link id under `key`. */
export function feedTokenFor(key: string, linkId: string): string {
  return createHmac('sha256', key).update(`lendloop-calendar-feed.${linkId}`).digest('base64url');
}

/** What the database keeps of a token: its SHA-256 in hex. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Whether `token` is the link the server makes today for `linkId`, compared
 * in constant time. A row found by the token's hash always matched when it
 * was written; this fails once the key has changed (the operator replaced
 * CALENDAR_FEED_SECRET: every feed stops, as it should).
 */
export function isCurrentFeedToken(key: string, linkId: string, token: string): boolean {
  const expected = Buffer.from(feedTokenFor(key, linkId), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
