import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentedBodySchema, perRequestBody } from './per-request-body';

/** A body whose one bound is "today", as the borrow and item forms have, with a counter of schemas built. */
function datedBody() {
  let today = '2026-05-01';
  let builds = 0;
  const body = perRequestBody(
    () => [today],
    (earliest) => {
      builds += 1;
      return z.object({ from: z.string().refine((v) => v >= earliest, { message: 'validation.dateInPast' }) });
    },
  );
  return {
    body,
    nextDay: () => (today = '2026-05-02'),
    builds: () => builds,
  };
}

describe('perRequestBody', () => {
  it('builds the schema once per set of bounds, not once per request', () => {
    const dated = datedBody();
    for (let i = 0; i < 5; i++) expect(dated.body.safeParse({ from: '2026-05-01' }).success).toBe(true);
    expect(dated.builds()).toBe(1);
  });

  it('moves with the calendar: a new day builds the schema with the new bound', () => {
    const dated = datedBody();
    expect(dated.body.safeParse({ from: '2026-05-01' }).success).toBe(true);
    dated.nextDay();
    const parsed = dated.body.safeParse({ from: '2026-05-01' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['from'], 'validation.dateInPast'],
    ]);
    expect(dated.builds()).toBe(2);
  });

  it('documents the schema it stands for, not its z.unknown() input', () => {
    const dated = datedBody();
    expect(documentedBodySchema(dated.body)).toBeInstanceOf(z.ZodObject);
  });
});
