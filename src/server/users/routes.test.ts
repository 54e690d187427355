import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { createSession } from '../auth/session-store';
import { loginHistory } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://127.0.0.1:3000';

describe.each(['/api/auth/user', '/api/user/current'])('GET %s', (url) => {
  it('answers 401 with a translatable error when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: 'authentication_required',
        messageKey: 'errors.authentication_required',
        message: 'Authentication required',
      },
    });
  });

  it('returns the signed-in user, and only them', async () => {
    const ada = await createUser(t.db, { name: 'Ada' });
    const grace = await createUser(t.db, { name: 'Grace' });
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.cookieFor(grace.id) } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: grace.id, username: grace.username, name: 'Grace', language: 'en' });
    expect(body.id).not.toBe(ada.id);
    expect(Object.keys(body).sort()).toEqual(
      [
        'createdAt',
        'email',
        'id',
        'language',
        'lastActive',
        'lastLogin',
        'name',
        'phone',
        'profileImageUrl',
        'signedInAt',
        'username',
      ].sort(),
    );
    await t.db.delete(loginHistory);
  });

  it('says when the asking session began: each browser its own sign-in, not the latest of any device', async () => {
    const ada = await createUser(t.db);
    // Within the idle timeout of the server's clock, so both sessions hold.
    const laptopSignIn = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    const phoneSignIn = new Date(Date.now() - 60 * 60 * 1000);
    const laptop = `lendloop_session=${await createSession(t.db, ada.id, null, laptopSignIn)}`;
    const phone = `lendloop_session=${await createSession(t.db, ada.id, null, phoneSignIn)}`;
    const asked = async (cookie: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json();
    expect((await asked(laptop)).signedInAt).toBe(laptopSignIn.toISOString());
    expect((await asked(phone)).signedInAt).toBe(phoneSignIn.toISOString());
  });

  it('refuses a cookie that names no session', async () => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: 'lendloop_session=forged' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user/login-history', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/login-history' })).statusCode).toBe(401);
  });

  it("lists the actor's own sign-ins, newest first, never a stranger's", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    await t.db.insert(loginHistory).values([
      { userId: owner.id, userAgent: 'Firefox', loginMethod: 'oidc', loginAt: new Date('2026-01-01T10:00:00Z') },
      { userId: owner.id, userAgent: 'Chrome', loginMethod: 'oidc', loginAt: new Date('2026-02-01T10:00:00Z') },
      { userId: stranger.id, userAgent: 'Safari', loginMethod: 'oidc' },
    ]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/user/login-history',
      headers: { cookie: await t.cookieFor(owner.id) },
    });
    expect(mine.json().map((e: { userAgent: string }) => e.userAgent)).toEqual(['Chrome', 'Firefox']);

    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/user/login-history',
      headers: { cookie: await t.cookieFor(stranger.id) },
    });
    expect(theirs.json().map((e: { userAgent: string }) => e.userAgent)).toEqual(['Safari']);
  });
});

describe('PUT /api/users/profile', () => {
  const valid = { name: 'Ada King', phone: '41 79 123 45 67', email: 'ada@example.test', language: 'de' };

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: valid,
      headers: { origin: ORIGIN },
    });
    expect(response.statusCode).toBe(401);
  });

  it("updates the actor's own profile only, normalising the phone", async () => {
    const actor = await createUser(t.db);
    const stranger = await createUser(t.db, { name: 'Untouched' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { ...valid, id: stranger.id, userId: stranger.id },
      headers: { cookie: await t.cookieFor(actor.id), origin: ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: actor.id, name: 'Ada King', phone: '+41791234567', language: 'de' });
    const strangerView = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: await t.cookieFor(stranger.id) },
    });
    expect(strangerView.json().name).toBe('Untouched');
  });

  it('refuses invalid input with 400 and a message key per field, changing nothing', async () => {
    const actor = await createUser(t.db, { name: 'Before' });
    const cookie = await t.cookieFor(actor.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { name: '', phone: '123', email: 'not-an-email', language: 'es' },
      headers: { cookie, origin: ORIGIN },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid_input');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', messageKey: 'validation.nameRequired' },
        { path: 'phone', messageKey: 'validation.phoneLength' },
        { path: 'email', messageKey: 'validation.emailInvalid' },
        { path: 'language', messageKey: 'errors.invalid_input' },
      ]),
    );
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.json().name).toBe('Before');
  });

  it('refuses a request from another origin (CSRF guard)', async () => {
    const actor = await createUser(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: valid,
      headers: { cookie: await t.cookieFor(actor.id), origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('cross_origin_refused');
  });
});

describe('request order', () => {
  it('answers a signed-out caller 401 before looking at its input', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { name: '' },
      headers: { origin: ORIGIN },
    });
    expect(response.statusCode).toBe(401);
  });
});
