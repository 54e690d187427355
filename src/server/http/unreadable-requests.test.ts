import { createServer } from 'node:http';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { answerClientError } from './unreadable-requests';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

/** Writes `request` as raw bytes, as no browser would, and returns the whole answer once the server closes. */
function rawExchange(request: string, toPort = port): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(toPort, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
    socket.on('error', reject);
  });
}

describe('a URL that does not decode', () => {
  it.each(['/api/items/%E0%A4%A', '/%', '/api/auth/user/%'])(
    'GET %s answers 400 malformed_request in the app error shape, not stored',
    async (url) => {
      const response = await t.request(null, { method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'malformed_request',
          messageKey: 'errors.malformed_request',
          message: 'The URL is not validly percent-encoded',
        },
      });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('answers the same to a signed-in caller (nothing about the route leaks)', async () => {
    const alice = await createUser(t.db);
    const response = await t.request(alice, { method: 'GET', url: '/api/items/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('malformed_request');
  });

  it('answers 414 url_too_long for a path segment longer than the router takes', async () => {
    const response = await t.request(null, { method: 'GET', url: `/api/items/${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json().error).toEqual({
      code: 'url_too_long',
      messageKey: 'errors.url_too_long',
      message: 'A path segment of the URL is too long',
    });
    expect(response.body).not.toContain('aaaa');
  });
});

describe('requests the HTTP parser cannot read (a real socket)', () => {
  it('answers oversized headers with 431 headers_too_large in the app error shape and closes', async () => {
    const answer = await rawExchange(
      `GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: c=${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'headers_too_large',
        messageKey: 'errors.headers_too_large',
        message: 'The request headers are too large',
      },
    });
    expect(answer.headers).toContain('content-type: application/json; charset=utf-8');
    expect(answer.headers).toContain('cache-control: no-store');
    expect(answer.headers).toContain('connection: close');
  });

  it('answers a header line that is not HTTP with 400 malformed_request', async () => {
    const answer = await rawExchange('GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toMatchObject({
      code: 'malformed_request',
      messageKey: 'errors.malformed_request',
    });
  });

  it('answers a request whose headers never finish with 408 request_timeout', async () => {
    // Node's request timeout is minutes long and checked every 30 s, so a
    // bare server with short ones runs the same handler within a second.
    const slow = Fastify({
      logger: false,
      clientErrorHandler: answerClientError,
      serverFactory: (handler) =>
        createServer({ requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 }, handler),
    });
    slow.get('/', async () => 'ok');
    await slow.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = slow.server.address();
      const slowPort = typeof address === 'object' && address ? address.port : 0;
      const answer = await rawExchange('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Unfinished: ', slowPort);
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body).error).toMatchObject({
        code: 'request_timeout',
        messageKey: 'errors.request_timeout',
      });
    } finally {
      await slow.close();
    }
  });

  it('still serves the next connection', async () => {
    const answer = await rawExchange('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});
