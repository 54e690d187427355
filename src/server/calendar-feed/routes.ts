import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema } from '../../contract/schemas/calendar-feed';
import type { Database } from '../db/client';
import { requireActor } from '../policies';
import { presentCalendarFeed, presentCalendarFeedLink } from './feed-presenter';
import { CALENDAR_FEED_ROUTE } from './feed-url';
import { getCalendarFeed } from './get-calendar-feed';
import { makeCalendarFeedLink } from './make-calendar-feed-link';
import { readCalendarFeed } from './read-calendar-feed';
import { turnOffCalendarFeed } from './turn-off-calendar-feed';

/**
 * A person's private calendar feed (issue 35, docs/decisions/0047):
 * - GET /api/calendar-feed → 200 `{ url, createdAt }`, both null without a feed;
 * - POST /api/calendar-feed → 200, a new link (the old one stops working at once);
 * - DELETE /api/calendar-feed → 204, the feed is off;
 * - GET /calendar/{token}.ics → the feed itself, `text/calendar`. Calendar
 *   apps send no cookie: the link is the credential, so the route is public
 *   (docs/decisions/0005) and outside /api, like the email's unsubscribe
 *   link, and it counts against the per-address rate limit like the API.
 *   Any link that opens nothing is a bare 404. The answer carries an ETag, so
 *   an app fetching an unchanged feed again gets 304. The log never shows the
 *   token (app.ts logs only CALENDAR_FEED_PATH_PREFIX of such a URL).
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ db: Database; publicUrl: URL; feedKey: string }> = async (
  app,
  { db, publicUrl, feedKey },
) => {
  app.get('/api/calendar-feed', { schema: { response: { 200: calendarFeedSchema } } }, async (request) =>
    presentCalendarFeedLink(await getCalendarFeed(db, feedKey, requireActor(request)), publicUrl),
  );

  app.post('/api/calendar-feed', { schema: { response: { 200: calendarFeedSchema } } }, async (request) =>
    presentCalendarFeedLink(await makeCalendarFeedLink(db, feedKey, requireActor(request)), publicUrl),
  );

  app.delete('/api/calendar-feed', async (request, reply) => {
    await turnOffCalendarFeed(db, requireActor(request));
    return reply.status(204).send();
  });

  app.get(
    CALENDAR_FEED_ROUTE,
    {
      config: { public: true, rateLimit: { allowList: () => false } },
      // The token's shape is checked by the use case: a malformed one is a 404 like any unknown link, not a 400.
      schema: { params: z.object({ token: z.string() }) },
    },
    async (request, reply) => {
      const feed = await readCalendarFeed(db, feedKey, request.params.token);
      const body = presentCalendarFeed(feed, publicUrl);
      const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
      // Personal data: no shared cache keeps it; a calendar app may keep it and ask again with its ETag.
      reply.header('cache-control', 'private, no-cache').header('etag', etag).header('x-robots-tag', 'noindex');
      if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
};

/** Whether an If-None-Match header names `etag` (a list, weak or not, or `*`). */
function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}
