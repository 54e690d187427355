import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CookieJar,
  freePort,
  locationOf,
  reachCallback,
  signInThroughProvider,
  step,
} from '../../../tests/support/oidc-flow';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { loginHistory, sessions, users } from '../db/schema';
import { hashToken } from './session-store';

/**
 * The real OpenID Connect flow against the built-in provider, over a real
 * port: discovery, authorization with PKCE/state/nonce, our sign-in page,
 * token exchange, session cookie.
 */
let app: FastifyInstance;
let database: TestDatabase;
let baseUrl: string;
let port: number;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-flow-')),
    SESSION_SECRET: 'flow-test-session-secret-long-enough-0123456789',
  });
  app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('sign-in through the built-in provider', () => {
  it('survives a server restart in the middle of a sign-in', async () => {
    const jar = new CookieJar();
    const login = await step(jar, `${baseUrl}/api/login`);
    const interactionUrl = locationOf(await step(jar, locationOf(login, baseUrl)), baseUrl);

    await app.close();
    app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
    await app.listen({ port, host: '127.0.0.1' });

    const submitted = await step(jar, `${interactionUrl}/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Restart Tester', username: 'restart' }),
    });
    const callback = await step(jar, locationOf(await step(jar, locationOf(submitted, baseUrl)), baseUrl));
    expect(locationOf(callback, baseUrl)).toBe(`${baseUrl}/`);
    expect((await step(jar, `${baseUrl}/api/auth/user`)).status).toBe(200);
  });

  it('creates the user from the claims, records the login and signs them in', async () => {
    const jar = new CookieJar();
    const { finalLocation, interactionHtml } = await signInThroughProvider(
      baseUrl,
      jar,
      { create: { name: 'Ada Lovelace', username: 'ada', email: 'ada@example.test' } },
      '/groups',
    );
    // No language cookie and no Accept-Language preference: the spec's fallback, German.
    expect(interactionHtml).toContain('Test-Anmeldung ohne Passwort.');
    expect(finalLocation).toBe(`${baseUrl}/groups`);

    const me = await step(jar, `${baseUrl}/api/auth/user`);
    expect(me.status).toBe(200);
    const user = (await me.json()) as { id: string; username: string; name: string; email: string };
    expect(user).toMatchObject({ username: 'ada', name: 'Ada Lovelace', email: 'ada@example.test' });
    expect(user).not.toHaveProperty('subject');

    const history = await database.db.select().from(loginHistory).where(eq(loginHistory.userId, user.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ loginMethod: 'builtin-oidc', ipAddress: '127.0.0.1' });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin).not.toBeNull();
  });

  it('matches a returning account by issuer + subject and issues a new session id each time', async () => {
    const first = new CookieJar();
    await signInThroughProvider(baseUrl, first, { create: { name: 'Grace Hopper', username: 'grace' } });
    const firstToken = first.get('lendloop_session');
    const grace = (await (await step(first, `${baseUrl}/api/auth/user`)).json()) as { id: string };

    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM idp_accounts WHERE username = $1', [
      'grace',
    ]);
    await signInThroughProvider(baseUrl, first, { pick: rows[0]!.id });
    const secondToken = first.get('lendloop_session');

    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);
    const again = (await (await step(first, `${baseUrl}/api/auth/user`)).json()) as { id: string };
    expect(again.id).toBe(grace.id);
    // The old session id no longer exists.
    const old = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(firstToken!)));
    expect(old).toHaveLength(0);
    expect(await database.db.$count(users, eq(users.username, 'grace'))).toBe(1);
  });

  it('refuses a real code whose state was changed, and a callback without the login cookie', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await reachCallback(baseUrl, jar, { create: { name: 'Eve', username: 'eve.state' } });
    const tampered = new URL(callbackUrl);
    expect(tampered.searchParams.get('code')).toBeTruthy();
    tampered.searchParams.set('state', 'forged');
    const refused = await step(jar, tampered.href);
    expect(locationOf(refused, baseUrl)).toBe(`${baseUrl}/auth-debug?error=login_failed`);
    expect((await step(jar, `${baseUrl}/api/auth/user`)).status).toBe(401);

    // The genuine callback in a browser that never started this sign-in.
    const { callbackUrl: genuine } = await reachCallback(baseUrl, new CookieJar(), {
      create: { name: 'Eve', username: 'eve.jar' },
    });
    const stranger = await step(new CookieJar(), genuine);
    expect(locationOf(stranger, baseUrl)).toBe(`${baseUrl}/auth-debug?error=login_expired`);
  });

  it('returns to the landing page when the person cancels at the provider', async () => {
    const jar = new CookieJar();
    const login = await step(jar, `${baseUrl}/api/login`);
    const interactionUrl = locationOf(await step(jar, locationOf(login, baseUrl)), baseUrl);
    const aborted = await step(jar, `${interactionUrl}/abort`, { method: 'POST' });
    const callback = await step(jar, locationOf(await step(jar, locationOf(aborted, baseUrl)), baseUrl));
    expect(locationOf(callback, baseUrl)).toBe(`${baseUrl}/`);
    expect((await step(jar, `${baseUrl}/api/auth/user`)).status).toBe(401);
  });

  it('shows the sign-up form again with translated errors for an invalid or taken username', async () => {
    const jar = new CookieJar();
    const login = await step(jar, `${baseUrl}/api/login`);
    const interactionUrl = locationOf(await step(jar, locationOf(login, baseUrl)), baseUrl);
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie: '', 'accept-language': 'fr' };
    const bad = await step(jar, `${interactionUrl}/create`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ name: '', username: 'A!', email: 'nope' }),
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain('Merci d&#39;indiquer ton nom.');
    expect(html).toContain('aria-invalid="true"');

    const taken = await step(jar, `${interactionUrl}/create`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ name: 'Someone', username: 'ada' }),
    });
    expect(await taken.text()).toContain('déjà pris');
  });

  it('ends the session on sign-out: the old cookie then gets 401', async () => {
    const jar = new CookieJar();
    await signInThroughProvider(baseUrl, jar, { create: { name: 'Linus', username: 'linus' } });
    const cookie = jar.header();
    expect((await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).status).toBe(200);

    const logout = await step(jar, `${baseUrl}/api/logout`);
    expect(locationOf(logout, baseUrl)).toBe(`${baseUrl}/`);
    expect((await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
  });

  it.each([
    ['cross-site', 'margaret'],
    // A sibling subdomain is same-site but not our origin.
    ['same-site', 'hedy'],
  ])('ignores a sign-out navigation started by another site (Sec-Fetch-Site: %s)', async (fetchSite, username) => {
    const jar = new CookieJar();
    await signInThroughProvider(baseUrl, jar, { create: { name: username, username } });
    const refused = await step(jar, `${baseUrl}/api/logout`, { headers: { 'sec-fetch-site': fetchSite } });
    expect(locationOf(refused, baseUrl)).toBe(`${baseUrl}/`);
    expect((await step(jar, `${baseUrl}/api/auth/user`)).status).toBe(200);
    // From our own pages the same navigation signs out.
    await step(jar, `${baseUrl}/api/logout`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect((await step(jar, `${baseUrl}/api/auth/user`)).status).toBe(401);
  });
});

describe('the built-in sign-in page refuses stray posts', () => {
  it.each(['abort', 'login', 'create'])(
    'answers POST /%s without an interaction cookie with a page, at once',
    async (action) => {
      const response = await fetch(`${baseUrl}/oidc/interaction/unknown-uid/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'accountId=x&name=A&username=abc',
        signal: AbortSignal.timeout(5000),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('<h1>');
    },
  );
});

describe('the built-in provider with unstorable input', () => {
  it('answers a NUL byte in an authorization parameter with a 400 page', async () => {
    const response = await fetch(`${baseUrl}/oidc/auth?client_id=lendloop&response_type=code&state=a%00b`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
