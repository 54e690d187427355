import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { calendarFeeds } from '../db/schema';

/**
 * The private calendar feed (docs/decisions/0047) in the person's data: the
 * export tells whether it is on and since when its link exists, and never
 * the link (a credential) or what is stored of it; deleting the account
 * takes the feed with it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function makeLink(user: { id: string }): Promise<{ path: string; token: string; createdAt: string }> {
  const response = await t.request(user, { method: 'POST', url: '/api/calendar-feed' });
  expect(response.statusCode).toBe(200);
  const { url, createdAt } = response.json<{ url: string; createdAt: string }>();
  const path = new URL(url).pathname;
  return { path, token: path.slice('/calendar/'.length, -'.ics'.length), createdAt };
}

describe('the calendar feed and the person’s data', () => {
  it('the export says whether the feed is on and since when, never its link or hash', async () => {
    const ada = await createUser(t.db);
    const exportOf = async () => {
      const response = await t.request(ada, { method: 'POST', url: `/api/gdpr/export/${ada.id}` });
      expect(response.statusCode).toBe(200);
      return { text: response.body, data: response.json<{ calendarFeed: unknown }>() };
    };
    expect((await exportOf()).data.calendarFeed).toEqual({ enabled: false });

    const link = await makeLink(ada);
    const { text, data } = await exportOf();
    expect(data.calendarFeed).toEqual({ enabled: true, linkCreatedAt: link.createdAt });
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ada.id));
    expect(row).toBeDefined();
    for (const secret of [link.token, row!.tokenHash, row!.linkId]) expect(text).not.toContain(secret);
  });

  it('deleting the account removes the feed (the foreign key cascades), and its link opens nothing', async () => {
    const ada = await createUser(t.db);
    const link = await makeLink(ada);
    expect((await t.app.inject({ method: 'GET', url: link.path })).statusCode).toBe(200);
    const response = await t.request(ada, { method: 'DELETE', url: `/api/gdpr/delete-account/${ada.id}` });
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ada.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: link.path })).statusCode).toBe(404);
  });
});
