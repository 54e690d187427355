import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('cross-origin guard', () => {
  it.each([
    [{ origin: 'https://evil.example' }, 403],
    [{ origin: 'null' }, 403],
    [{ 'sec-fetch-site': 'cross-site' }, 403],
    [{ origin: 'http://127.0.0.1:3000' }, 401],
    [{}, 401],
  ])('POST with %j answers %i', async (headers, status) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/profile', payload: {}, headers });
    expect(response.statusCode).toBe(status);
  });

  it('leaves safe methods alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limiting', () => {
  it('answers 429 with a translatable message once a client exceeds the limit', async () => {
    const limited = await createTestApp({});
    try {
      let last = 0;
      for (let i = 0; i < 700 && last !== 429; i++) {
        last = (await limited.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode;
      }
      expect(last).toBe(429);
      const response = await limited.app.inject({ method: 'GET', url: '/api/auth/user' });
      expect(response.json().error).toMatchObject({
        code: 'too_many_requests',
        messageKey: 'errors.too_many_requests',
      });
    } finally {
      await limited.close();
    }
  });
});
