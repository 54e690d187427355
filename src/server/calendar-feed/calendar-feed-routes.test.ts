import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { appWithCapturedLog } from '../../../tests/support/captured-log';
import { createUser } from '../../../tests/support/factories';
import { createSession } from '../auth/session-store';
import { calendarFeeds } from '../db/schema';
import { getCalendarFeed } from './get-calendar-feed';
import { readCalendarFeed } from './read-calendar-feed';

/**
 * The feed's link (docs/decisions/0047): who may see, make and end it, and
 * what the database keeps of it. What the feed says: feed-content.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FEED_PATH = /^http:\/\/127\.0\.0\.1:3000\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

interface FeedAnswer {
  url: string | null;
  createdAt: string | null;
}

async function feedOf(user: { id: string }): Promise<FeedAnswer> {
  const response = await t.request(user, { method: 'GET', url: '/api/calendar-feed' });
  expect(response.statusCode).toBe(200);
  return response.json<FeedAnswer>();
}

async function makeLink(user: { id: string }): Promise<{ url: string; token: string; createdAt: string }> {
  const response = await t.request(user, { method: 'POST', url: '/api/calendar-feed' });
  expect(response.statusCode).toBe(200);
  const answer = response.json<FeedAnswer>();
  const token = FEED_PATH.exec(answer.url ?? '')?.[1];
  expect(token, answer.url ?? 'no url').toBeDefined();
  return { url: answer.url!, token: token!, createdAt: answer.createdAt! };
}

/** The feed as a calendar app fetches it: no cookie, no origin, the link's path only. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

describe('the calendar feed routes', () => {
  it('answer 401 without a session, and a feed link that opens nothing is a bare 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.request(null, { method, url: '/api/calendar-feed' });
      expect(response.statusCode, method).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'authentication_required' } });
    }
    const unknown = await fetchFeed(`http://x/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await fetchFeed('http://x/calendar/not-a-token.ics');
    for (const response of [unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      // The same answer for every kind of wrong link: nothing says which it was.
      expect(response.json()).toEqual({
        error: { code: 'not_found', messageKey: 'errors.not_found', message: 'Not found' },
      });
    }
  });

  it('show no link until the person makes one, then the same link on every visit', async () => {
    const ada = await createUser(t.db);
    expect(await feedOf(ada)).toEqual({ url: null, createdAt: null });

    const link = await makeLink(ada);
    expect(Date.parse(link.createdAt)).not.toBeNaN();
    expect(await feedOf(ada)).toEqual({ url: link.url, createdAt: link.createdAt });
    expect(await feedOf(ada)).toEqual({ url: link.url, createdAt: link.createdAt });

    const feed = await fetchFeed(link.url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('make a new link on request: the old one stops working at once, the new one works', async () => {
    const ada = await createUser(t.db);
    const first = await makeLink(ada);
    const second = await makeLink(ada);
    expect(second.token).not.toBe(first.token);
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    expect((await feedOf(ada)).url).toBe(second.url);
  });

  it('give each person their own link, and the database only a hash of it', async () => {
    const ada = await createUser(t.db);
    const grace = await createUser(t.db);
    const links = [await makeLink(ada), await makeLink(grace), await makeLink(ada)];
    expect(new Set(links.map((link) => link.token)).size).toBe(3);

    const rows = await t.db.execute<Record<string, unknown>>(
      sql`SELECT * FROM calendar_feeds WHERE user_id IN (${ada.id}, ${grace.id})`,
    );
    expect(rows.rows).toHaveLength(2);
    const stored = JSON.stringify(rows.rows);
    for (const { token } of links) expect(stored).not.toContain(token);
    const adaRow = rows.rows.find((row) => row.user_id === ada.id);
    expect(adaRow?.token_hash).toBe(createHash('sha256').update(links[2]!.token).digest('hex'));
  });

  it('turn the feed off: no link, the row gone, the link a 404; idempotent', async () => {
    const ada = await createUser(t.db);
    const link = await makeLink(ada);
    for (let i = 0; i < 2; i++) {
      const response = await t.request(ada, { method: 'DELETE', url: '/api/calendar-feed' });
      expect(response.statusCode).toBe(204);
    }
    expect(await feedOf(ada)).toEqual({ url: null, createdAt: null });
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ada.id))).toEqual([]);
    expect((await fetchFeed(link.url)).statusCode).toBe(404);
  });

  it('let one person manage only their own feed: another person’s calls never touch it', async () => {
    const ada = await createUser(t.db);
    const grace = await createUser(t.db);
    const link = await makeLink(ada);
    expect((await t.request(grace, { method: 'DELETE', url: '/api/calendar-feed' })).statusCode).toBe(204);
    await makeLink(grace);
    expect((await feedOf(ada)).url).toBe(link.url);
    expect((await fetchFeed(link.url)).statusCode).toBe(200);
  });

  it('stop every link when the feed key changes, and then show none', async () => {
    const ada = await createUser(t.db);
    const link = await makeLink(ada);
    const otherKey = 'another-calendar-feed-secret-0123456789-abcdef';
    await expect(readCalendarFeed(t.db, otherKey, link.token)).rejects.toMatchObject({ statusCode: 404 });
    expect(await getCalendarFeed(t.db, otherKey, ada)).toBeUndefined();
    // Under the key it was made with, it still works.
    expect(await getCalendarFeed(t.db, t.config.calendarFeedSecret, ada)).toMatchObject({ token: link.token });
  });

  it('answer 304 to a calendar app that already has this version, and keep shared caches out', async () => {
    const ada = await createUser(t.db);
    const link = await makeLink(ada);
    const first = await fetchFeed(link.url);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await fetchFeed(link.url, { 'if-none-match': `W/${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await fetchFeed(link.url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });
});

describe('the feed and the log', () => {
  it('never writes a feed’s token, whether the link works, is old or is mistyped', async () => {
    const { app: logged, log: captured } = await appWithCapturedLog(t);
    try {
      const ada = await createUser(t.db);
      const cookie = `lendloop_session=${await createSession(t.db, ada.id, null)}`;
      const origin = t.config.publicUrl.origin;
      const make = async () => {
        const response = await logged.inject({
          method: 'POST',
          url: '/api/calendar-feed',
          headers: { cookie, origin },
        });
        return new URL(response.json<{ url: string }>().url).pathname;
      };
      const old = await make();
      const current = await make();
      const statuses = [];
      for (const url of [current, old, current.replace(/\.ics$/, ''), `${current}?x=1`]) {
        statuses.push((await logged.inject({ method: 'GET', url })).statusCode);
      }
      expect(statuses).toEqual([200, 404, 404, 200]);

      const log = captured();
      expect(log).toContain('"url":"/calendar/…"');
      for (const path of [old, current]) {
        const token = path.slice('/calendar/'.length, -'.ics'.length);
        expect(log).not.toContain(token);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('the feed and the rate limit', () => {
  it('counts against the per-address limit like the API, although it is outside /api', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const url = `/calendar/${'B'.repeat(43)}.ics`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
