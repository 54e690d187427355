import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, locationOf, freePort, reachCallback, step } from '../../../tests/support/oidc-flow';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { LANGUAGE_COOKIE } from '../../contract/enums';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';

/**
 * A new account starts in the browser's language (docs/decisions/0016),
 * through the real sign-in flow against the built-in provider: the client's
 * `i18next` cookie first, then Accept-Language, else German.
 */
let app: FastifyInstance;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-language-')),
    SESSION_SECRET: 'language-test-session-secret-long-enough-0123456789',
  });
  app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

/** Signs up `username` through the provider; the callback carries `acceptLanguage` as the browser would. */
async function signUp(jar: CookieJar, username: string, acceptLanguage?: string) {
  const { callbackUrl } = await reachCallback(baseUrl, jar, { create: { name: username, username } });
  const headers: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
  const callback = await step(jar, callbackUrl, { headers });
  expect(locationOf(callback, baseUrl)).toBe(`${baseUrl}/`);
  const me = await step(jar, `${baseUrl}/api/auth/user`);
  expect(me.status).toBe(200);
  return (await me.json()) as { id: string; language: string };
}

describe('the language of a new account', () => {
  it('is the language the person chose in the app (the i18next cookie)', async () => {
    const jar = new CookieJar();
    jar.set(LANGUAGE_COOKIE, 'it');
    expect((await signUp(jar, 'chiara', 'fr-CH, fr;q=0.9')).language).toBe('it');
  });

  it('is the first supported language of Accept-Language without a usable cookie', async () => {
    const jar = new CookieJar();
    jar.set(LANGUAGE_COOKIE, 'es');
    expect((await signUp(jar, 'amelie', 'es-ES, fr-CH;q=0.9, en;q=0.8')).language).toBe('fr');
  });

  it('is German when the browser names no supported language', async () => {
    expect((await signUp(new CookieJar(), 'jonas', 'es, pt;q=0.5')).language).toBe('de');
  });

  it('stays what the person set when they sign in again from another browser', async () => {
    const first = new CookieJar();
    first.set(LANGUAGE_COOKIE, 'en');
    const created = await signUp(first, 'emma');
    expect(created.language).toBe('en');
    const accountId = (await database.db.query.idpAccounts.findFirst({ where: (a, { eq }) => eq(a.username, 'emma') }))!
      .id;

    const other = new CookieJar();
    other.set(LANGUAGE_COOKIE, 'de');
    const { callbackUrl } = await reachCallback(baseUrl, other, { pick: accountId });
    await step(other, callbackUrl, { headers: { 'accept-language': 'de' } });
    const me = (await (await step(other, `${baseUrl}/api/auth/user`)).json()) as { id: string; language: string };
    expect(me).toEqual(expect.objectContaining({ id: created.id, language: 'en' }));
  });
});
