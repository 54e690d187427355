import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import { createSession } from '../auth/session-store';
import { buildApp } from '../app';

/**
 * index.html as the server sends it for an app address (docs/decisions/0030): with preload hints for
 * the translations and the first page's code, chosen from the request, and nothing about the person.
 */

const AUTH_PRELOAD = '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />';
const INDEX_HTML = `<!doctype html><html><head>${AUTH_PRELOAD}<title>shell</title></head><body><div id="root"></div></body></html>`;
const SIGNED_IN_CHUNKS = ['/assets/signed-in-abc.js', '/assets/first-shared-abc.js'];
const FIRST_FORMATTER = '/assets/first-formatter-abc.js';
const LANDING_CHUNKS = ['/assets/landing-abc.js', '/assets/first-shared-abc.js'];

let t: TestApp;
let app: FastifyInstance;

function writeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lendloop-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(
    path.join(dir, 'first-path-chunks.json'),
    JSON.stringify({
      signedIn: SIGNED_IN_CHUNKS,
      signedInScripts: [FIRST_FORMATTER, '/assets/y.js"></script><script>alert(2)</script>'],
      // Only our own asset paths may reach the HTML: a tampered file must not inject markup.
      landing: [...LANDING_CHUNKS, 'https://elsewhere.example/x.js', '/assets/x.js"><script>alert(1)</script>'],
    }),
  );
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

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const answers = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="lendloop-server-answers">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
  ) as unknown;
const modulePreloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
const asyncScripts = (html: string) =>
  [...html.matchAll(/<script async fetchpriority="high" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
const translationPreload = (html: string) =>
  /<link rel="preload" href="\/locales\/(\w+)\/translation\.json" as="fetch" crossorigin>/.exec(html)?.[1];

describe('the first screen hints in index.html', () => {
  it('signed out: the session check’s refusal, the landing page’s code and the translations of the browser’s language, revalidated and varying by request', async () => {
    const response = await get('/', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    expect(translationPreload(response.body)).toBe('fr');
    expect(modulePreloads(response.body)).toEqual(LANDING_CHUNKS);
    expect(response.body).not.toContain('elsewhere.example');
    expect(response.body).not.toContain('<script>');
    // Without a session cookie the session check can only answer 401: the client takes that over
    // instead of asking.
    expect(answers(response.body)).toEqual({ '/api/auth/user': { status: 401 } });
    expect(response.body).not.toContain(AUTH_PRELOAD);
    // Everything else is the built file as it was.
    expect(response.body.replace(/<link[^>]+>|<script type="application\/json"[^]*?<\/script>/g, '')).toBe(
      INDEX_HTML.replace(AUTH_PRELOAD, ''),
    );
  });

  it('with a session cookie that no longer holds: what a signed-out visitor gets', async () => {
    const response = await get('/available-items', {
      cookie: 'lendloop_session=not-a-session',
      'accept-language': 'it',
    });
    expect(modulePreloads(response.body)).toEqual(LANDING_CHUNKS);
    expect(translationPreload(response.body)).toBe('it');
    // The client asks, as without hints.
    expect(answers(response.body)).toBeNull();
    expect(response.body).toContain(AUTH_PRELOAD);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('picks the language as the client does: ?lng= before the i18next cookie before Accept-Language; none supported is German', async () => {
    expect(translationPreload((await get('/?lng=it', { cookie: 'i18next=en', 'accept-language': 'fr' })).body)).toBe(
      'it',
    );
    expect(translationPreload((await get('/', { cookie: 'i18next=en', 'accept-language': 'fr' })).body)).toBe('en');
    expect(translationPreload((await get('/', { 'accept-language': 'ja, ko;q=0.5' })).body)).toBe('de');
    expect(translationPreload((await get('/?lng=%22%3E%3Cscript%3E')).body)).toBe('de');
  });

  it('signed out on a page of its own (invite, groups, privacy): no landing page code', async () => {
    for (const url of ['/invite?ref=abc', '/groups/5b0f2d0e-6f35-4f0e-9d2a-3f5c1f1f0c11', '/gdpr']) {
      expect(modulePreloads((await get(url)).body)).toEqual([]);
    }
  });

  it('compresses the answer for browsers that accept it', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>shell</title>');
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>shell</title>');
  });

  it('leaves /index.html (what the service worker precaches for every visitor) as the built file', async () => {
    const response = await get('/index.html', { cookie: 'lendloop_session=some-token', 'accept-language': 'fr' });
    expect(response.body).toBe(INDEX_HTML);
  });

  describe('a signed-in visitor', () => {
    const cookieFor = async (user: { id: string }) => `lendloop_session=${await createSession(t.db, user.id, null)}`;
    const ok = (body: unknown) => ({ status: 200, body });
    const translationPreloads = (html: string) =>
      [...html.matchAll(/href="\/locales\/(\w+)\/translation\.json"/g)].map((m) => m[1]);

    it('My Items: the session’s and the list’s answers as the API gives them, the first picture and the app’s code preloaded, never stored', async () => {
      const alice = await createUser(t.db);
      await createItem(t.db, alice, {
        name: 'Drill </script><script>alert(1)</script>',
        imageUrl: 'https://img.example/drill.jpg?a=1&b="x"',
      });
      const cookie = await cookieFor(alice);
      const response = await get('/', { cookie });
      expect(response.headers['cache-control']).toBe('no-store');
      // Nothing in the data can close the block: "<" is written as \u003c.
      expect(response.body).not.toContain('<script>alert(1)');
      expect(answers(response.body)).toEqual({
        '/api/auth/user': ok((await get('/api/auth/user', { cookie })).json()),
        '/api/banner/should-show': ok((await get('/api/banner/should-show', { cookie })).json()),
        '/api/items/my': ok((await get('/api/items/my', { cookie })).json()),
      });
      expect(response.body).toContain(
        '<link rel="preload" as="image" href="https://img.example/drill.jpg?a=1&amp;b=&quot;x&quot;" fetchpriority="high" referrerpolicy="no-referrer">',
      );
      expect(modulePreloads(response.body)).toEqual(SIGNED_IN_CHUNKS);
      // The first date formatter is built while the app's code downloads; only our own asset paths.
      expect(asyncScripts(response.body)).toEqual([FIRST_FORMATTER]);
      expect(response.body).not.toContain('alert(2)');
      // The session's answer is in the page: no second request for it.
      expect(response.body).not.toContain(AUTH_PRELOAD);
    });

    it('gets their own data, never someone else’s; Available Items comes as its page', async () => {
      const alice = await createUser(t.db);
      await createItem(t.db, alice, { name: 'Alice’s secret tent' });
      const bob = await createUser(t.db);
      const cookie = await cookieFor(bob);
      const mine = await get('/', { cookie });
      expect(mine.body).not.toContain('secret tent');
      expect(answers(mine.body)).toMatchObject({
        '/api/auth/user': ok({ id: bob.id }),
        '/api/items/my': ok([]),
      });
      const available = await get('/available-items', { cookie });
      expect(answers(available.body)).toMatchObject({
        '/api/items/available': ok((await get('/api/items/available', { cookie })).json()),
      });
      expect(available.body).not.toContain('secret tent');
    });

    it('another page: only the session’s and the banner’s answers; signed out or with a session that no longer holds: no data at all', async () => {
      const alice = await createUser(t.db);
      await createItem(t.db, alice, { name: 'Alice’s ladder' });
      const contacts = await get('/contacts', { cookie: await cookieFor(alice) });
      expect(Object.keys(answers(contacts.body) as object)).toEqual(['/api/auth/user', '/api/banner/should-show']);
      expect(contacts.headers['cache-control']).toBe('no-store');
      const signedOut = await get('/');
      expect(answers(signedOut.body)).toEqual({ '/api/auth/user': { status: 401 } });
      const stale = await get('/', { cookie: 'lendloop_session=not-a-session' });
      expect(answers(stale.body)).toBeNull();
      expect(asyncScripts(contacts.body)).toEqual([FIRST_FORMATTER]);
      for (const response of [signedOut, stale]) {
        expect(asyncScripts(response.body)).toEqual([]);
        expect(response.body).not.toContain('ladder');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('embeds names with $ patterns as they are: the block parses and equals the API’s answer', async () => {
      const alice = await createUser(t.db);
      // In a string replacement, $` $& and $' would paste parts of the page into it.
      await createItem(t.db, alice, { name: "Drill $` PHISHING $& body{outline:9px solid red} $' $$" });
      const cookie = await cookieFor(alice);
      const response = await get('/', { cookie });
      expect(answers(response.body)).toMatchObject({
        '/api/items/my': ok((await get('/api/items/my', { cookie })).json()),
      });
      expect(response.body.match(/<title>/g)).toHaveLength(1);
      expect(response.body).not.toMatch(/PHISHING[^"]*<\/script>[^]*PHISHING/);
    });

    it('Alice’s page, then Bob’s: each sees what is shared with them, nothing of the other’s', async () => {
      const alice = await createUser(t.db);
      const bob = await createUser(t.db);
      await createContact(t.db, alice, { contactUserId: bob.id });
      const shared = await createItem(t.db, alice, { name: 'Shared kayak' });
      await shareWithUser(t.db, shared, bob);
      await createItem(t.db, alice, { name: 'Private diary' });
      const aliceCookie = await cookieFor(alice);
      const bobCookie = await cookieFor(bob);
      expect((await get('/', { cookie: aliceCookie })).body).toContain('Private diary');
      const bobs = await get('/available-items', { cookie: bobCookie });
      expect(answers(bobs.body)).toMatchObject({ '/api/auth/user': ok({ id: bob.id }) });
      expect(bobs.body).toContain('Shared kayak');
      expect(bobs.body).not.toContain('Private diary');
      expect((await get('/', { cookie: bobCookie })).body).not.toContain('Private diary');
    });

    it('the translations of the language the client starts in: the profile’s after a sign-in in a browser without a language cookie, else the cookie’s', async () => {
      const signedInBefore = {
        createdAt: new Date('2026-01-05T10:00:00Z'),
        lastLogin: new Date('2026-03-01T08:00:00Z'),
      };
      const alice = await createUser(t.db, { language: 'it', ...signedInBefore });
      const cookie = await cookieFor(alice);
      expect(translationPreloads((await get('/', { cookie, 'accept-language': 'fr' })).body)).toEqual(['it']);
      // The header's language menu wrote the cookie: that choice holds until the next sign-in.
      expect(
        translationPreloads((await get('/', { cookie: `${cookie}; i18next=fr`, 'accept-language': 'it' })).body),
      ).toEqual(['fr']);
      // An account's very first sign-in keeps the interface language (its profile language is only a guess).
      const firstSignIn = new Date('2026-03-01T08:00:00Z');
      const newcomer = await createUser(t.db, { language: 'it', createdAt: firstSignIn, lastLogin: firstSignIn });
      expect(
        translationPreloads((await get('/', { cookie: await cookieFor(newcomer), 'accept-language': 'fr' })).body),
      ).toEqual(['fr']);
    });
  });
});

describe('when the answers fail or come late', () => {
  const answersIn = (html: string) => /id="lendloop-server-answers"/.test(html);

  it('a visitor over the rate limit still gets the page, with only the answers that came', async () => {
    const limited = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      clientDir: writeClientDir(),
      rateLimitMax: 2,
    });
    try {
      const alice = await createUser(t.db);
      const cookie = `lendloop_session=${await createSession(t.db, alice.id, null)}`;
      // An address of its own: the limiter's counters live in the database this file shares.
      const remoteAddress = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const first = await limited.inject({ method: 'GET', url: '/', headers: { cookie }, remoteAddress });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      // The limit let the session's answer through and refused what came after it.
      const carried = /id="lendloop-server-answers">(.*?)<\/script>/.exec(first.body)?.[1];
      const keys = Object.keys(JSON.parse(carried ?? '{}') as object);
      expect(keys).toContain('/api/auth/user');
      expect(keys).not.toContain('/api/items/my');
      // Past the limit the session cannot be told: the page comes without answers, the client asks itself.
      const second = await limited.inject({ method: 'GET', url: '/', headers: { cookie }, remoteAddress });
      expect(second.statusCode).toBe(200);
      expect(answersIn(second.body)).toBe(false);
      expect(second.body).toContain(AUTH_PRELOAD);
    } finally {
      await limited.close();
    }
  });

  it('answers slower than the budget: the page at once, without them or any page’s code, never stored', async () => {
    const impatient = await buildApp({
      config: t.config,
      db: t.db,
      logger: false,
      clientDir: writeClientDir(),
      firstScreenBudgetMs: 0,
    });
    try {
      const alice = await createUser(t.db);
      const cookie = `lendloop_session=${await createSession(t.db, alice.id, null)}`;
      const response = await impatient.inject({
        method: 'GET',
        url: '/',
        headers: { cookie, 'accept-language': 'fr' },
      });
      expect(response.statusCode).toBe(200);
      expect(answersIn(response.body)).toBe(false);
      expect(modulePreloads(response.body)).toEqual([]);
      expect(translationPreload(response.body)).toBe('fr');
      expect(response.body).toContain(AUTH_PRELOAD);
    } finally {
      await impatient.close();
    }
  });
});
