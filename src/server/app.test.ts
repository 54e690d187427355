import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { connectDatabase } from './db/client';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const configWith = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-app-')),
    SESSION_SECRET: 'app-test-session-secret-long-enough-0123456789',
    ...env,
  });

describe('building the app', () => {
  // main.ts builds it while the database is created and migrated: a statement
  // sent while building would meet a missing database or tables.
  it('sends no statement to the database, so it can be built before the database exists', async () => {
    const url = new URL(inject('adminDatabaseUrl'));
    url.pathname = '/no_such_database_yet';
    const absent = connectDatabase(url.href, { max: 1 });
    // Every way to the database goes through one of these two (drizzle's
    // queries and transactions alike), whether or not it would succeed.
    let uses = 0;
    const query = absent.pool.query.bind(absent.pool);
    absent.pool.query = ((...args: Parameters<typeof query>) => {
      uses += 1;
      return query(...args);
    }) as typeof query;
    const connect = absent.pool.connect.bind(absent.pool);
    absent.pool.connect = ((...args: Parameters<typeof connect>) => {
      uses += 1;
      return connect(...args);
    }) as typeof connect;
    try {
      const app = await buildApp({ config: configWith({}), db: absent.db, logger: false, clientDir: '/nonexistent' });
      // Work a plugin scheduled for later (a timer, setImmediate) would show by now.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uses).toBe(0);
      expect(absent.pool.totalCount).toBe(0);
      await app.close();
    } finally {
      await absent.close();
    }
  });
});

describe('the built-in identity provider', () => {
  it('runs on a public https address with passkeys, and refuses one where passkeys cannot work unless allowed', async () => {
    const plain = configWith({ PUBLIC_URL: 'http://192.168.1.10:3000' });
    await expect(
      buildApp({ config: plain, db: database.db, logger: false, clientDir: '/nonexistent' }),
    ).rejects.toThrow(/ALLOW_BUILTIN_IDP/);
    const allowed = configWith({ PUBLIC_URL: 'http://192.168.1.10:3000', ALLOW_BUILTIN_IDP: 'true' });
    const picker = await buildApp({ config: allowed, db: database.db, logger: false, clientDir: '/nonexistent' });
    await picker.close();
    // docs/decisions/0051: passkeys only, the password-less picker off (idp/passkeys/passkeys.test.ts).
    const config = configWith({ PUBLIC_URL: 'https://lendloop.example' });
    const app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
    const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.json().issuer).toBe('https://lendloop.example/oidc');
    await app.close();
  });

  it('is not mounted when an external issuer is configured', async () => {
    const config = configWith({
      PUBLIC_URL: 'https://lendloop.example',
      OIDC_ISSUER_URL: 'https://id.example',
      OIDC_CLIENT_ID: 'lendloop',
      OIDC_CLIENT_SECRET: 'secret',
    });
    const app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
    expect((await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('an unreachable identity provider', () => {
  it('sends the person to the auth-debug page instead of failing with a 500', async () => {
    const config = configWith({
      PUBLIC_URL: 'http://127.0.0.1:3000',
      // Port 1 on loopback: nothing listens there.
      OIDC_ISSUER_URL: 'http://127.0.0.1:1/realms/none',
      OIDC_CLIENT_ID: 'lendloop',
    });
    const app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
    const response = await app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth-debug?error=provider_unavailable');
    await app.close();
  });
});

describe('serving the built client', () => {
  it('caches hashed assets for a year, revalidates the rest, and hands app routes to index.html', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'lendloop-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    mkdirSync(path.join(clientDir, 'locales/de'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(clientDir, 'assets/app-3f2a.js'), 'console.log(1)');
    writeFileSync(path.join(clientDir, 'locales/de/translation.json'), '{"a":"b"}');
    const app = await buildApp({ config: configWith({}), db: database.db, logger: false, clientDir });

    const asset = await app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await app.inject({ method: 'GET', url: '/locales/de/translation.json' });
    expect(locale.json()).toEqual({ a: 'b' });
    expect(locale.headers['cache-control']).toBe('no-cache');

    for (const route of ['/', '/groups/123', '/no/such/page']) {
      const page = await app.inject({ method: 'GET', url: route });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>shell</title>');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    // Unknown API paths are plain 404s, never the client shell.
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).json().error.code).toBe('not_found');
    await app.close();
  });
});
