import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyRouteRecorder, withUnknownIds } from '../../../tests/support/api-routes';
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
const recorder = bodyRouteRecorder();
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: recorder.onRoute });
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

/** The routes with a body, and whether theirs is optional (takes `null` as no body). */
const withBody = () => recorder.routes.map((route) => ({ ...route, optional: acceptsNull(route.body) }));

describe('a JSON body that is not an object', () => {
  it('is refused with 400 on every route that takes a body', async () => {
    const routes = withBody();
    expect(routes.length).toBeGreaterThan(20);
    // Optional bodies are few and known; a new one is a decision, not an accident.
    expect(routes.filter((route) => route.optional).map((route) => `${route.method} ${route.url}`)).toEqual([
      'POST /api/banner/dismiss',
      'PUT /api/groups/join-requests/:requestId/approve',
      'PUT /api/groups/join-requests/:requestId/deny',
    ]);
    const user = await createUser(t.db);
    const failures: string[] = [];
    for (const route of routes) {
      for (const body of NOT_OBJECTS.filter((text) => !(route.optional && text === 'null'))) {
        const response = await t.request(user, {
          method: route.method as 'POST',
          url: withUnknownIds(route.url),
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
