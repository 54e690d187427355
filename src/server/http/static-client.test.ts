import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { buildApp } from '../app';

/**
 * The built client's files as the installable app needs them served
 * (docs/decisions/0022-installable-app.md): the service worker and the
 * manifest must be revalidated on every load, or browsers keep running an old
 * version; hashed assets may be cached for good.
 */

let t: TestApp;
let app: FastifyInstance;

/** A small dist/client with the files the build writes. */
function writeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lendloop-client-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  mkdirSync(path.join(dir, 'locales', 'en'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Lendloop', short_name: 'Lendloop' }));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  // Stands in for the compressed copy the build writes beside each text file.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), 'brotli bytes');
  writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dir, 'locales', 'en', 'translation.json'), '{}');
  return dir;
}

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ config: t.config, db: t.db, logger: false, clientDir: writeClientDir() });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the static client and the installable app', () => {
  it('serves the service worker as JavaScript, revalidated on every load', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as application/manifest+json, revalidated on every load', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'Lendloop' });
  });

  it('lets the CSP allow our own service worker and manifest, and no others', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)worker-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)manifest-src 'self'(;|$)/);
  });

  it('keeps hashed assets cached for a year and icons and locale files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const locale = await app.inject({ method: 'GET', url: '/locales/en/translation.json' });
    expect(locale.headers['cache-control']).toBe('no-cache');
  });

  it('serves the precache revision query the service worker adds', async () => {
    // Workbox fetches files without a hash in the name as /file?__WB_REVISION__=<hash>.
    const response = await app.inject({ method: 'GET', url: '/locales/en/translation.json?__WB_REVISION__=abc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the compressed copy the build wrote when the browser accepts it, and HEAD without a body', async () => {
    const compressed = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(compressed.body).toBe('brotli bytes');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with a 404, not the shell', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    const escape = await app.inject({ method: 'GET', url: '/assets/../../etc/passwd' });
    expect(escape.body).not.toContain('root:');
  });

  it('answers deep links with the shell and unknown API paths with a real 404', async () => {
    const deepLink = await app.inject({ method: 'GET', url: '/groups/5b0f2d0e-6f35-4f0e-9d2a-3f5c1f1f0c11' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<title>shell</title>');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    const api = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['cache-control']).toBe('no-store');
  });
});
