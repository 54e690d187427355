import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { registerStaticClient } from '../http/static-client';

/**
 * Deny by default (docs/decisions/0005-authorization.md): a route answers
 * without a session only if it declares `config: { public: true }`, and the
 * ADR lists every such route. This test holds the list and the ADR together:
 * a new public route fails it until it is added here AND named in the ADR.
 */

/**
 * Every public route, "METHOD url" as registered (HEAD twins left out). Keep
 * in step with ADR 0005, decision 1. The API's own: the sign-in flow, the
 * operator details, the invitation preview, the API reference and a private
 * loan link's holder side. Outside
 * /api: the client's files (the catch-all), the health check, the built-in
 * sign-in provider under /oidc, the email unsubscribe page and the private
 * calendar feeds.
 */
const PUBLIC_ROUTES = [
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'GET /api/legal/operator',
  'GET /api/referral/preview',
  'GET /api/openapi.json',
  // A private loan link's holder (docs/decisions/0049): the token is the credential.
  'GET /api/loan-links/:token',
  'GET /api/loan-links/:token/photos/:photoId',
  'POST /api/loan-links/:token/have-it',
  'POST /api/loan-links/:token/brought-back',
  'POST /api/loan-links/:token/extension',
  'POST /api/loan-links/:token/join',
  // The built-in provider's account links and passkey registration (docs/decisions/0051): the token is the credential.
  'POST /api/idp/email-confirmations',
  'POST /api/idp/passkey-registrations/options',
  'POST /api/idp/passkey-registrations',
  'POST /api/idp/recoveries',
  'POST /api/idp/recoveries/redeem',
  'GET /*',
  'GET /healthz',
  // The provider's own paths: one route for every method (scope.all).
  ...['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'QUERY', 'TRACE'].map((method) => `${method} /oidc/*`),
  'GET /oidc/interaction/:uid',
  'POST /oidc/interaction/:uid/login',
  'POST /oidc/interaction/:uid/create',
  'POST /oidc/interaction/:uid/abort',
  'GET /oidc/interaction/:uid/setup',
  'POST /oidc/interaction/:uid/passkey/options',
  'POST /oidc/interaction/:uid/passkey',
  'POST /oidc/interaction/:uid/sign-up',
  'GET /unsubscribe',
  'POST /unsubscribe',
  'GET /calendar/:token.ics',
];

/** The ADR's decision 1, from "Public today" to the next point: where the public routes are named. */
function adrPublicParagraph(): string {
  const adr = readFileSync(new URL('../../../docs/decisions/0005-authorization.md', import.meta.url), 'utf8');
  const start = adr.search(/Public\s+today/);
  const end = adr.indexOf('\n2. ', start);
  expect(start, 'ADR 0005 no longer says "Public today"').toBeGreaterThan(0);
  return adr.slice(start, end);
}

/** The paths in backticks of that paragraph, without a method or query: "/api/login", "/oidc", "/unsubscribe". */
function adrPublicPaths(): Set<string> {
  const paths = [...adrPublicParagraph().matchAll(/`(?:[A-Z]+ )?(\/[^`?\s]*)[^`]*`/g)].map((match) => match[1] ?? '');
  // "Routes outside `/api`" names the prefix, not a route.
  return new Set(paths.filter((path) => path !== '/api'));
}

const urlOf = (route: string) => route.slice(route.indexOf(' ') + 1);

let t: TestApp;
let clientDir: string;
const registered: string[] = [];
beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    if (route.config?.public !== true) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD twin for every GET; it follows its GET.
    for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
  };
  t = await createTestApp({}, { onRoute });
  // The test app has no built client; its catch-all registers only beside an index.html (static-client.ts).
  clientDir = mkdtempSync(path.join(tmpdir(), 'lendloop-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html>');
  const bare = Fastify({ logger: false });
  bare.addHook('onRoute', onRoute);
  expect(await registerStaticClient(bare, clientDir)).toBe(true);
  await bare.ready();
  await bare.close();
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('public routes (ADR 0005)', () => {
  it('are exactly the listed ones', () => {
    // Guards against an onRoute hook that saw nothing.
    expect(registered).toContain('GET /api/openapi.json');
    expect([...registered].sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('the API ones are exactly the paths ADR 0005 names', () => {
    const adrApiPaths = [...adrPublicPaths()].filter((path) => path.startsWith('/api/'));
    const listedApiPaths = [...new Set(PUBLIC_ROUTES.map(urlOf).filter((url) => url.startsWith('/api/')))];
    expect(listedApiPaths.sort()).toEqual(adrApiPaths.sort());
  });

  it('the others lie under a path ADR 0005 names (the client files are its catch-all)', () => {
    const adrPaths = [...adrPublicPaths()].filter((path) => !path.startsWith('/api/'));
    expect(adrPaths.sort()).toEqual(['/calendar', '/healthz', '/oidc', '/unsubscribe']);
    expect(adrPublicParagraph()).toContain("client's files");
    for (const url of PUBLIC_ROUTES.map(urlOf).filter((url) => !url.startsWith('/api/') && url !== '/*')) {
      expect(
        adrPaths.some((path) => url === path || url.startsWith(`${path}/`)),
        url,
      ).toBe(true);
    }
  });
});
