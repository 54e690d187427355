import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { LIMITS } from '../../contract/limits';
import { feedback, users } from '../db/schema';
import { FEEDBACK_PER_DAY } from './submit-feedback';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = { id: string };
type ErrorBody = { error: { code: string; issues?: { path: string; messageKey: string }[] } };

const shouldShow = (user: Person | null) => t.request(user, { method: 'GET', url: '/api/banner/should-show' });
const dismiss = (user: Person | null, payload?: object) =>
  t.request(user, { method: 'POST', url: '/api/banner/dismiss', ...(payload ? { payload } : {}) });
const sendFeedback = (user: Person | null, payload: object) =>
  t.request(user, { method: 'POST', url: '/api/feedback', payload });
const feedbackOf = (user: Person) => t.db.select().from(feedback).where(eq(feedback.userId, user.id));
const dismissedAt = async (user: Person) =>
  (await t.db.select({ at: users.bannerDismissedAt }).from(users).where(eq(users.id, user.id)))[0]!.at;

describe('GET /api/banner/should-show', () => {
  it('refuses anonymous callers (401)', async () => {
    const response = await shouldShow(null);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().error.code).toBe('authentication_required');
  });

  it('is true for a new account', async () => {
    const alice = await createUser(t.db);
    const response = await shouldShow(alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ show: true });
  });

  it('is false once feedback exists, even without a recorded dismissal', async () => {
    const alice = await createUser(t.db);
    await t.db.insert(feedback).values({ userId: alice.id, rating: 4 });
    expect((await shouldShow(alice)).json()).toEqual({ show: false });
  });
});

describe('POST /api/banner/dismiss', () => {
  it('refuses anonymous callers (401)', async () => {
    expect((await dismiss(null)).statusCode).toBe(401);
    expect((await dismiss(null, {})).statusCode).toBe(401);
  });

  it('refuses a userId that is not the actor (403) and dismisses nothing', async () => {
    const alice = await createUser(t.db);
    const mallory = await createUser(t.db);
    const response = await dismiss(mallory, { userId: alice.id });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().error.code).toBe('permission_denied');
    expect((await shouldShow(alice)).json()).toEqual({ show: true });
    expect((await shouldShow(mallory)).json()).toEqual({ show: true });
  });

  it('hides the banner for the actor only, with or without a body, and keeps the first time', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const response = await dismiss(alice, { userId: alice.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ show: false });
    expect((await shouldShow(alice)).json()).toEqual({ show: false });
    expect((await shouldShow(bob)).json()).toEqual({ show: true });

    const first = await dismissedAt(alice);
    expect(first).not.toBeNull();
    const again = await dismiss(alice);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ show: false });
    expect(await dismissedAt(alice)).toEqual(first);
  });
});

describe('POST /api/feedback', () => {
  it('refuses anonymous callers (401)', async () => {
    expect((await sendFeedback(null, { rating: 5 })).statusCode).toBe(401);
  });

  it('refuses a userId that is not the actor (403) and stores nothing', async () => {
    const alice = await createUser(t.db);
    const mallory = await createUser(t.db);
    const response = await sendFeedback(mallory, { userId: alice.id, rating: 1, feedback: 'bad' });
    expect(response.statusCode).toBe(403);
    expect(await feedbackOf(alice)).toEqual([]);
    expect(await feedbackOf(mallory)).toEqual([]);
  });

  it('stores the rating (sent as the spec’s string) and trimmed text, and hides the banner (201)', async () => {
    const alice = await createUser(t.db);
    const response = await sendFeedback(alice, { userId: alice.id, rating: '4', feedback: '  Lovely app  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ show: false });
    expect(await feedbackOf(alice)).toMatchObject([{ rating: 4, feedback: 'Lovely app' }]);
    expect(await dismissedAt(alice)).not.toBeNull();
    expect((await shouldShow(alice)).json()).toEqual({ show: false });
  });

  it('stores no text when it is empty', async () => {
    const alice = await createUser(t.db);
    expect((await sendFeedback(alice, { rating: 5, feedback: '   ' })).statusCode).toBe(201);
    expect(await feedbackOf(alice)).toMatchObject([{ rating: 5, feedback: null }]);
  });

  it.each([[{}], [{ rating: 0 }], [{ rating: 6 }], [{ rating: '2.5' }], [{ rating: 'five' }], [{ rating: '' }]])(
    'refuses %j with 400 validation.ratingRequired, and the banner stays',
    async (payload) => {
      const alice = await createUser(t.db);
      const response = await sendFeedback(alice, payload);
      expect(response.statusCode).toBe(400);
      const { error } = response.json<ErrorBody>();
      expect(error.code).toBe('invalid_input');
      expect(error.issues).toEqual([{ path: 'rating', messageKey: 'validation.ratingRequired' }]);
      expect(await feedbackOf(alice)).toEqual([]);
      expect((await shouldShow(alice)).json()).toEqual({ show: true });
    },
  );

  it('refuses text over LIMITS.feedbackTextMax with 400 validation.feedbackTooLong', async () => {
    const alice = await createUser(t.db);
    const response = await sendFeedback(alice, { rating: 3, feedback: 'x'.repeat(LIMITS.feedbackTextMax + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.issues).toEqual([
      { path: 'feedback', messageKey: 'validation.feedbackTooLong' },
    ]);
    expect((await sendFeedback(alice, { rating: 3, feedback: 'x'.repeat(LIMITS.feedbackTextMax) })).statusCode).toBe(
      201,
    );
  });

  it(`accepts ${FEEDBACK_PER_DAY} a day per account, then 429`, async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    for (let i = 0; i < FEEDBACK_PER_DAY; i++) {
      expect((await sendFeedback(alice, { rating: 5 })).statusCode).toBe(201);
    }
    const refused = await sendFeedback(alice, { rating: 5 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('too_many_requests');
    // The budget is a fixed day window (UTC): Retry-After says when the next one starts.
    const now = Date.now();
    const nextWindow = Math.ceil((Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000 - now) / 1000);
    expect(Math.abs(Number(refused.headers['retry-after']) - nextWindow)).toBeLessThanOrEqual(5);
    expect(await feedbackOf(alice)).toHaveLength(FEEDBACK_PER_DAY);
    expect((await sendFeedback(bob, { rating: 5 })).statusCode).toBe(201);
  });
});
