import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';

/**
 * docs/decisions/0012: the client reads answers without parsing them, so every
 * route that answers with a body must send it through a response schema for
 * its success status. DELETE routes are left out: all but one answer 204.
 */
const CHECKED_METHODS = ['GET', 'POST', 'PUT', 'PATCH'];

const oidcProtocol = 'the built-in provider (oidc-provider) answers on the raw stream: its JSON and pages are its own';
/** Routes without a response schema, each with why it needs none. Keys: "METHOD url". */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /api/login': 'redirects to the identity provider',
  'GET /api/callback': 'redirects back into the app after sign-in',
  'GET /api/logout': 'redirects to the landing page or the provider’s logout',
  'POST /api/permissions': 'answers 204 without a body',
  'POST /api/group-permissions': 'answers 204 without a body',
  'PUT /api/items/:id/return': 'answers 204 without a body',
  'POST /api/lending-requests/:id/keep': 'answers 204 without a body',
  'PUT /api/lending-requests/:id/condition/:stage': 'answers 204 without a body',
  'PUT /api/lending-requests/:id/return-assessment': 'answers 204 without a body',
  'PUT /api/lending-requests/:id/return-assessment/answer': 'answers 204 without a body',
  'POST /api/lending-requests/:id/problems/:problemId/settle': 'answers 204 without a body',
  'POST /api/lending-requests/:id/thanks': 'answers 204 without a body',
  'PUT /api/thanks/:id/hidden': 'answers 204 without a body',
  'POST /api/lending-requests/:id/borrower-link/extension/:answer': 'answers 204 without a body',
  'GET /api/loan-links/:token/photos/:photoId': 'answers the image bytes',
  'POST /api/loan-links/:token/have-it': 'answers 204 without a body',
  'POST /api/loan-links/:token/brought-back': 'answers 204 without a body',
  'POST /api/loan-links/:token/extension': 'answers 204 without a body',
  'PUT /api/items/:id/waitlist': 'answers 204 without a body',
  'PUT /api/contacts/:id/auto-accept': 'answers 204 without a body',
  'PUT /api/groups/:id/auto-accept': 'answers 204 without a body',
  'PUT /api/messages/read/:userId/:partnerId': 'answers 204 without a body',
  'PUT /api/conversations/:userId/readers/:readerId': 'answers 204 without a body',
  'POST /api/blocks': 'answers 204 without a body',
  'GET /api/photos/:id': 'answers the image bytes (WebP), not JSON',
  'GET /api/users/:userId/photo': 'answers the profile photo bytes (WebP), not JSON',
  'POST /api/gdpr/export/:userId':
    'a JSON file download streamed page by page (docs/decisions/0015); too big to build and check in memory',
  'GET /api/events': 'a server-sent event stream written to the raw response; events are checked by the bus',
  'GET /healthz': 'read by load balancers and orchestrators, never by the client',
  'GET /unsubscribe': 'the HTML page an email’s unsubscribe link opens (docs/decisions/0025)',
  'POST /unsubscribe': 'the HTML page after unsubscribing; RFC 8058 one-click reads only the status',
  'GET /calendar/:token.ics': 'a private calendar feed in iCalendar (RFC 5545) for calendar apps, not JSON',
  'GET /oidc/*': oidcProtocol,
  'POST /oidc/*': oidcProtocol,
  'PUT /oidc/*': oidcProtocol,
  'PATCH /oidc/*': oidcProtocol,
  'GET /oidc/interaction/:uid': 'the built-in provider’s HTML sign-in page',
  'POST /oidc/interaction/:uid/login': 'the sign-in page again or a redirect back to the provider',
  'POST /oidc/interaction/:uid/create': 'the sign-in page again or a redirect back to the provider',
  'POST /oidc/interaction/:uid/abort': 'a redirect back to the provider',
  'GET /*': 'the built client’s files, or its index.html for app routes',
};

let database: TestDatabase;
/** Every route with a checked method, as "METHOD url", and the status codes of its response schema. */
const routes = new Map<string, string[]>();
beforeAll(async () => {
  database = await createTestDatabase();
  // A built client, so the static routes register as in production.
  const clientDir = mkdtempSync(path.join(tmpdir(), 'lendloop-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shell</title>');
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-app-')),
    SESSION_SECRET: 'app-test-session-secret-long-enough-0123456789',
  });
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const response = route.schema?.response;
    const statuses = typeof response === 'object' && response !== null ? Object.keys(response) : [];
    for (const method of methods) {
      if (CHECKED_METHODS.includes(method)) routes.set(`${method} ${route.url}`, statuses);
    }
  };
  const app = await buildApp({ config, db: database.db, logger: false, clientDir, onRoute });
  await app.close();
});
afterAll(() => database.destroy());

const isSuccess = (status: string) => /^2(\d\d|xx)$/.test(status);

describe('response schemas (docs/decisions/0012)', () => {
  it('collects the routes as they register', () => {
    expect(routes.get('GET /api/items/my')).toEqual(['200']);
    expect(routes.get('POST /api/items')).toEqual(['201']);
  });

  it('every route that answers with a body declares a response schema for a success status', () => {
    const missing = [...routes]
      .filter(([route, statuses]) => !statuses.some(isSuccess) && !(route in WITHOUT_RESPONSE_SCHEMA))
      .map(([route]) => route);
    expect(missing, 'add `schema.response` for the success status, or list the route with its reason').toEqual([]);
  });

  it('lists only routes that exist and still have no response schema', () => {
    const stale = Object.keys(WITHOUT_RESPONSE_SCHEMA).filter((route) => routes.get(route)?.some(isSuccess) ?? true);
    expect(stale).toEqual([]);
  });
});
