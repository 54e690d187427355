import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { users } from '../db/schema';
import { EXPORT_LIMIT, exportFileName } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exportUrl = (id: string) => `/api/gdpr/export/${id}`;
const deleteUrl = (id: string) => `/api/gdpr/delete-account/${id}`;

describe('POST /api/gdpr/export/:userId', () => {
  it('answers 401 to a signed-out caller', async () => {
    const someone = await createUser(t.db);
    const response = await t.request(null, { method: 'POST', url: exportUrl(someone.id) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('authentication_required');
  });

  it('answers 403 for another person’s id, and sends none of their data', async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db, { name: 'Private Person' });
    const response = await t.request(me, { method: 'POST', url: exportUrl(other.id) });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Private Person');
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const me = await createUser(t.db);
    const response = await t.request(me, { method: 'POST', url: exportUrl('not-a-uuid') });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a cross-origin request like every write', async () => {
    const me = await createUser(t.db);
    const response = await t.request(me, {
      method: 'POST',
      url: exportUrl(me.id),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin_refused');
  });

  it('sends the signed-in person’s own data as a dated JSON download that is not cached', async () => {
    const me = await createUser(t.db, { name: 'Exporting Erin' });
    const response = await t.request(me, { method: 'POST', url: exportUrl(me.id) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="lendloop-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.profile).toMatchObject({ id: me.id, name: 'Exporting Erin' });
  });

  it('allows five exports an hour per account, then answers 429 with Retry-After; others are not held up', async () => {
    const me = await createUser(t.db);
    const statuses = [];
    for (let i = 0; i <= EXPORT_LIMIT.max; i++) {
      statuses.push((await t.request(me, { method: 'POST', url: exportUrl(me.id) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await t.request(me, { method: 'POST', url: exportUrl(me.id) });
    expect(refused.json().error.code).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(EXPORT_LIMIT.windowSeconds);
    const someoneElse = await createUser(t.db);
    expect((await t.request(someoneElse, { method: 'POST', url: exportUrl(someoneElse.id) })).statusCode).toBe(200);
  });

  it('names the file after the server’s date in UTC', () => {
    expect(exportFileName(new Date('2026-11-25T23:30:00-02:00'))).toBe('lendloop-2026-11-26.json');
  });
});

describe('DELETE /api/gdpr/delete-account/:userId', () => {
  it('answers 401 to a signed-out caller', async () => {
    const someone = await createUser(t.db);
    const response = await t.request(null, { method: 'DELETE', url: deleteUrl(someone.id) });
    expect(response.statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, someone.id))).toHaveLength(1);
  });

  it('answers 403 for another person’s id and deletes nothing', async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const response = await t.request(me, { method: 'DELETE', url: deleteUrl(other.id) });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
  });

  it('refuses a cross-origin request and deletes nothing', async () => {
    const me = await createUser(t.db);
    const response = await t.request(me, {
      method: 'DELETE',
      url: deleteUrl(me.id),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin_refused');
    expect(await t.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
  });

  it('deletes the signed-in person’s account, clears the cookie and ends the session', async () => {
    const me = await createUser(t.db);
    const cookie = await t.cookieFor(me.id);
    const response = await t.app.inject({
      method: 'DELETE',
      url: deleteUrl(me.id),
      headers: { cookie, origin: t.config.publicUrl.origin },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'lendloop_session');
    expect(cleared?.value).toBe('');
    expect(cleared).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(await t.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
    // The old cookie no longer signs anyone in.
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });
});
