import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { gradientJpeg, jpegDataUrl, startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/analysis';
import { rateLimitCounters } from '../db/schema';

/*
 * The analysis queue through the route (issue 32, finding 2;
 * docs/decisions/0041): one slot (AI_CONCURRENCY=1), the endpoint a fake
 * that holds every answer until the test releases it, so who runs when is
 * the queue's doing alone. Unit tests of the order: fair-queue.test.ts.
 */
let fake: FakeOpenAi;
let t: TestApp;
let image: string;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'fake-vision',
    AI_CONCURRENCY: '1',
  });
  image = jpegDataUrl(await gradientJpeg(64));
  fake.answerWith({ kind: 'held', body: { name: 'Zelt', description: '', category: 'sports', confidence: 0.9 } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type User = { id: string };
const analyse = (user: User) =>
  t.request(user, {
    method: 'POST',
    url: '/api/items/analyze-and-create',
    payload: { aiImage: image, displayImage: image, language: 'de' },
  });

/** The allowance counted for `user` this hour: a request reaches the queue's wait right after counting it. */
async function usesCounted(user: User): Promise<number> {
  const [row] = await t.db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, `photo-analysis:${user.id}`));
  return row?.count ?? 0;
}

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false };
  void promise.finally(() => (state.done = true));
  return state;
};

describe('the photo-analysis queue', () => {
  it("serves a newcomer's first photo right after the one running, before a flooder's backlog; the flooder's third waits its turn with 429", async () => {
    const [mallory, bob] = [await createUser(t.db), await createUser(t.db)];
    const first = analyse(mallory);
    await fake.heldCalls(1);
    const second = analyse(mallory);
    const third = analyse(mallory);
    // Whichever of the two came second is refused: a person has at most two admitted.
    const refused = await Promise.race([second, third]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'too_many_requests', messageKey: 'errors.image_analysis_own_backlog' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The admitted one counts its use after decoding its images, maybe after the refusal came back.
    await vi.waitFor(async () => expect(await usesCounted(mallory)).toBe(2));

    const bobAnswer = analyse(bob);
    await vi.waitFor(async () => expect(await usesCounted(bob)).toBe(1));
    const mallorysSecond = settled(Promise.all([second, third]));

    fake.releaseOne();
    expect((await first).statusCode).toBe(201);
    await fake.heldCalls(1);
    fake.releaseOne();
    expect((await bobAnswer).statusCode).toBe(201);
    expect(mallorysSecond.done).toBe(false);
    await fake.heldCalls(1);
    fake.releaseOne();
    const [a, b] = await Promise.all([second, third]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 429]);
  });

  it('refuses early with 503 image_analysis_busy and Retry-After once the queue is full, spending nothing of the refused allowance', async () => {
    const holder = await createUser(t.db);
    const running = analyse(holder);
    await fake.heldCalls(1);
    // One slot, four places waiting: of five people sending their first photo, one is refused at once.
    const people = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
    const answers = people.map((person) => analyse(person));
    const firstBack = await Promise.race(
      answers.map((answer, index) => answer.then((response) => ({ index, response }))),
    );
    expect(firstBack.response.statusCode).toBe(503);
    expect(firstBack.response.json()).toMatchObject({
      error: { code: 'image_analysis_busy', messageKey: 'errors.image_analysis_busy' },
    });
    expect(Number(firstBack.response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const refusedPerson = people[firstBack.index];
    if (!refusedPerson) throw new Error('no refused person');
    expect(await usesCounted(refusedPerson)).toBe(0);

    for (let i = 0; i < 5; i++) {
      await fake.heldCalls(1);
      fake.releaseOne();
    }
    expect((await running).statusCode).toBe(201);
    const statuses = (await Promise.all(answers)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 503)).toHaveLength(1);
  });
});
