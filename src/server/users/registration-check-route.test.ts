import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { LIMITS } from '../../contract/limits';
import { rateLimitCounters } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (user: { id: string } | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/users/registered?${query}` });

describe('GET /api/users/registered', () => {
  it('answers 401 when signed out', async () => {
    expect((await check(null, 'phone=%2B41790002222')).statusCode).toBe(401);
  });

  it('tells whether a phone, email or username is registered, and nothing else', async () => {
    const actor = await createUser(t.db);
    await createUser(t.db, { phone: '+41790002222', email: 'known@example.test', username: 'known.one' });
    for (const query of ['phone=%2B41790002222', 'email=KNOWN%40example.test', 'username=known.one']) {
      const response = await check(actor, query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toEqual({ registered: true });
    }
    for (const query of ['phone=%2B41790009999', 'email=unknown%40example.test', 'username=unknown.one']) {
      expect((await check(actor, query)).json(), query).toEqual({ registered: false });
    }
  });

  it('needs exactly one valid field', async () => {
    const actor = await createUser(t.db);
    expect((await check(actor, '')).statusCode).toBe(400);
    expect((await check(actor, 'phone=%2B41790002222&username=known.one')).statusCode).toBe(400);
    expect((await check(actor, 'phone=123')).statusCode).toBe(400);
  });

  it('is limited per account and hour, shared with adding contacts', async () => {
    const actor = await createUser(t.db);
    const other = await createUser(t.db);
    // Spend all but one check by adding contacts, then the lookups run out.
    const spent = LIMITS.registrationChecksPerHour - 1;
    await t.db.insert(rateLimitCounters).values({
      key: `registration-check:${actor.id}`,
      windowStart: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000),
      count: spent - 1,
    });
    const add = await t.request(actor, {
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Counted', phone: '+41790003333' },
    });
    expect(add.statusCode).toBe(201);
    expect((await check(actor, 'username=known.one')).statusCode).toBe(200);
    const refused = await check(actor, 'username=known.one');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    const addRefused = await t.request(actor, {
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Too many', phone: '+41790003334' },
    });
    expect(addRefused.statusCode).toBe(429);
    // Someone else's budget is untouched.
    expect((await check(other, 'username=known.one')).statusCode).toBe(200);
  });
});
