import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { AppError } from '../http/app-error';
import { consumeRateLimit } from './consume-rate-limit';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const limit = { key: 'test:window', max: 3, windowSeconds: 60 };

async function outcome(at: Date, key = limit.key): Promise<number> {
  try {
    await consumeRateLimit(database.db, { ...limit, key }, at);
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 500;
  }
}

describe('consumeRateLimit', () => {
  it('allows max uses per window, refuses the next with 429, and starts afresh in the next window', async () => {
    const start = new Date('2026-11-22T10:00:05Z');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await outcome(new Date(start.getTime() + i * 1000)));
    expect(results).toEqual([200, 200, 200, 429]);
    expect(await outcome(new Date('2026-11-22T10:01:00Z'))).toBe(200);
  });

  it('tells a refused caller the whole seconds until the window ends (Retry-After)', async () => {
    const key = 'test:retry-after';
    for (let i = 0; i < limit.max; i++)
      await consumeRateLimit(database.db, { ...limit, key }, new Date('2026-11-22T12:00:00Z'));
    const refusal = await consumeRateLimit(database.db, { ...limit, key }, new Date('2026-11-22T12:00:04.500Z')).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).retryAfterSeconds).toBe(56);
    const lastMoment = await consumeRateLimit(
      database.db,
      { ...limit, key },
      new Date('2026-11-22T12:00:59.900Z'),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect((lastMoment as AppError).retryAfterSeconds).toBe(1);
  });

  it('counts concurrent uses exactly (one atomic upsert)', async () => {
    const at = new Date('2026-11-22T11:00:00Z');
    const results = await Promise.all(Array.from({ length: 10 }, () => outcome(at, 'test:concurrent')));
    expect(results.filter((status) => status === 200)).toHaveLength(3);
    expect(results.filter((status) => status === 429)).toHaveLength(7);
  });
});
