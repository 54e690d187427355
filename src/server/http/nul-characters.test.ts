import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyRouteRecorder, withUnknownIds } from '../../../tests/support/api-routes';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { feedbackSchema } from '../../contract/schemas/feedback';
import { pushEndpointSchema } from '../../contract/schemas/notifications';
import { feedback, pushSubscriptions } from '../db/schema';
import { pathOfNul } from './nul-characters';

/**
 * Issue 32, finding 7: NUL passed validation (feedback text, push endpoint)
 * and only PostgreSQL refused it. Now every request with a NUL anywhere is a
 * 400 `validation.invalidCharacters` before validation, on every route.
 */
let t: TestApp;
const { onRoute, routes: withBody } = bodyRouteRecorder();
beforeAll(async () => {
  t = await createTestApp({}, { onRoute });
});
afterAll(() => t.close());

const invalidCharacters = (path: string) => ({
  error: {
    code: 'invalid_input',
    messageKey: 'validation.invalidCharacters',
    message: expect.stringContaining('NUL'),
    issues: [{ path, messageKey: 'validation.invalidCharacters' }],
  },
});

describe('a NUL character', () => {
  it('in the feedback text or a push endpoint: 400 naming the field, nothing stored', async () => {
    const user = await createUser(t.db);
    const sentFeedback = await t.request(user, {
      method: 'POST',
      url: '/api/feedback',
      payload: { rating: 4, feedback: 'Great\u0000app' },
    });
    expect([sentFeedback.statusCode, sentFeedback.json()]).toEqual([400, invalidCharacters('feedback')]);
    expect(await t.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);

    const subscribed = await t.request(user, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/a\u0000b',
        keys: { p256dh: 'BPz', auth: 'x' },
      },
    });
    expect([subscribed.statusCode, subscribed.json()]).toEqual([400, invalidCharacters('endpoint')]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it('in a query string: 400', async () => {
    const user = await createUser(t.db);
    const search = await t.request(user, { method: 'GET', url: '/api/items/available?q=drill%00x' });
    expect([search.statusCode, search.json()]).toEqual([400, invalidCharacters('q')]);
  });

  it('anywhere in the body of every route that takes one: 400, before the route runs', async () => {
    expect(withBody.length).toBeGreaterThan(20);
    const user = await createUser(t.db);
    const failures: string[] = [];
    for (const route of withBody) {
      const response = await t.request(user, {
        method: route.method as 'POST',
        url: withUnknownIds(route.url),
        payload: { name: 'Drill', nested: [{ note: 'a\u0000b' }] },
      });
      const body = response.json() as { error?: { messageKey?: string } };
      if (response.statusCode !== 400 || body.error?.messageKey !== 'validation.invalidCharacters') {
        failures.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('is found in values and keys at any depth, without recursion', () => {
    expect(pathOfNul({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(pathOfNul({ 'k\u0000': 1 })).toBe('k\\u0000');
    expect(pathOfNul('\u0000')).toBe('');
    expect(pathOfNul({ a: 'fine', b: [1, true, null] })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(pathOfNul(deep)?.split('.')).toHaveLength(100_000);
  });

  it('is refused by the contract schemas the forms use, with a translatable message', () => {
    expect(feedbackSchema.safeParse({ rating: 4, feedback: 'a\u0000b' }).error?.issues[0]?.message).toBe(
      'validation.invalidCharacters',
    );
    expect(pushEndpointSchema.safeParse('https://fcm.googleapis.com/a\u0000b').success).toBe(false);
  });
});
