import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { buildApp } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    // Our own WebAssembly may compile (the barcode reader); JavaScript eval and inline script stay refused.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
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
      // @fastify/rate-limit sends the seconds until the client's minute window resets.
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });

  it('takes its limit from RATE_LIMIT_PER_MINUTE', async () => {
    const strict = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await strict.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

/** Sends a raw request line, as no browser would, and returns the whole response. */
async function rawResponse(port: number, requestLine: string, headers = ''): Promise<string> {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

const statusOf = (response: string) => Number(response.split(' ')[1]);

async function listening(app: TestApp['app']): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('requests in absolute form', () => {
  it('are rate limited and guarded like any other API request', async () => {
    const limited = await createTestApp();
    const port = await listening(limited.app);
    try {
      const crossOrigin = await rawResponse(
        port,
        'PUT http://127.0.0.1/api/users/profile HTTP/1.1',
        'Origin: https://evil.example\r\nContent-Length: 0\r\n',
      );
      expect(statusOf(crossOrigin)).toBe(403);
      let last = 0;
      for (let i = 0; i < 700 && last !== 429; i++) {
        last = statusOf(await rawResponse(port, 'GET http://127.0.0.1/api/auth/user HTTP/1.1'));
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the static client', () => {
  it('never serves a file outside its folder, whatever the raw path', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'lendloop-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shell</title>');
    const app = await buildApp({ config: t.config, db: t.db, logger: false, clientDir });
    const port = await listening(app);
    try {
      for (const line of [
        'GET /../../../../etc/passwd HTTP/1.1',
        'GET /assets/..%2f..%2f..%2f..%2fetc/passwd HTTP/1.1',
        'GET /%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1',
      ]) {
        expect(await rawResponse(port, line)).not.toContain('root:');
      }
    } finally {
      await app.close();
    }
  });
});
