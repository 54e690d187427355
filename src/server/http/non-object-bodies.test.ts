import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';

/**
 * Issue 32, finding 4: `POST /api/contacts` with the JSON body `null`
 * answered 500 (a refinement ran on it). The class, not the instance: every
 * route that takes a body answers a body that is not an object with 400 and
 * the error body, never a 500. (A route whose body is optional takes `null`
 * as no body: Fastify hands a body-less request to the schema as null.)
 */
const NOT_OBJECTS = ['null', '[]', '"text"', '42', 'true'];

let t: TestApp;
const withBody: { method: string; url: string; optional: boolean }[] = [];
beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || !route.schema?.body) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const optional = acceptsNull(route.schema.body as ZodType);
    for (const method of methods) withBody.push({ method, url: route.url, optional });
  };
  t = await createTestApp({}, { onRoute });
});
afterAll(() => t.close());

/** Whether the body schema takes `null` (an optional body); a schema that throws on it does not. */
function acceptsNull(schema: ZodType): boolean {
  try {
    return schema.safeParse(null).success;
  } catch {
    return false;
  }
}

/** A path with every parameter filled by a well-formed id nobody has. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('a JSON body that is not an object', () => {
  it('is refused with 400 on every route that takes a body', async () => {
    expect(withBody.length).toBeGreaterThan(20);
    // Optional bodies are few and known; a new one is a decision, not an accident.
    expect(withBody.filter((route) => route.optional).map((route) => `${route.method} ${route.url}`)).toEqual([
      'POST /api/banner/dismiss',
      'PUT /api/groups/join-requests/:requestId/approve',
      'PUT /api/groups/join-requests/:requestId/deny',
    ]);
    const user = await createUser(t.db);
    const failures: string[] = [];
    for (const route of withBody) {
      for (const body of NOT_OBJECTS.filter((text) => !(route.optional && text === 'null'))) {
        const response = await t.request(user, {
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        const code = (response.json() as { error?: { code?: string } }).error?.code;
        if (response.statusCode !== 400 || !code) {
          failures.push(`${route.method} ${route.url} ${body}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
