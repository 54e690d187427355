/** Where calendar apps fetch a feed: `PUBLIC_URL/calendar/<token>.ics` (routes.ts). */
export const CALENDAR_FEED_ROUTE = '/calendar/:token.ics';

/**
 * The start of every feed path: what follows is a credential, so the request
 * log shows only this (app.ts, http/request-log.ts).
 */
export const CALENDAR_FEED_PATH_PREFIX = '/calendar/';

/** The absolute link a person subscribes to. */
export function calendarFeedUrl(publicUrl: URL, token: string): string {
  return new URL(`${CALENDAR_FEED_PATH_PREFIX}${token}.ics`, publicUrl).href;
}
