import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { LIMITS } from '../../contract/limits';
import { DRAIN_REFUSED_BODY_MAX_BYTES } from './refused-body-drain';

/*
 * Oversized bodies over a real socket (issue 32, finding 6): the client
 * below behaves like the strictest real one, writing its whole body before
 * it reads a byte. Before the fix the server closed the connection after its
 * 413 while the body was still arriving, and such a client failed with EPIPE
 * or a reset instead of reading the answer.
 */
let t: TestApp;
let port: number;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  cookie = await t.cookieFor((await createUser(t.db)).id);
});
afterAll(() => t.close());

interface Outcome {
  /** The status line and the JSON error code, or the socket error that ended the exchange. */
  status: number | null;
  code: string | null;
  socketError: string | null;
  /** Whether the server kept the connection open for another request. */
  keptAlive: boolean;
}

/** Writes the head and `size` bytes of body (declared or chunked), waiting for each write, then reads one answer. */
function sendWholeBodyFirst(method: string, path: string, contentType: string, size: number, chunked = false) {
  return new Promise<Outcome>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let socketError: string | null = null;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message;
    });
    const answer = (): Outcome => {
      const text = Buffer.concat(received).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const code = /"code":"([a-z_]+)"/.exec(text);
      return {
        status: status ? Number(status[1]) : null,
        code: code?.[1] ?? null,
        socketError,
        keptAlive: status !== null && !/\r\nconnection: close\r\n/i.test(text),
      };
    };
    socket.on('close', () => resolve(answer()));

    const write = (data: Buffer | string) =>
      new Promise<void>((done) => (socket.write(data) ? done() : socket.once('drain', done)));
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    void (async () => {
      await new Promise((ready) => socket.once('connect', ready));
      await write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nOrigin: ${t.config.publicUrl.origin}\r\n` +
          `Content-Type: ${contentType}\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n`,
      );
      for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        await write(
          chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part,
        );
      }
      if (chunked && !socket.destroyed) await write('0\r\n\r\n');
      // Read the answer; a kept-alive connection is ended by us once it has arrived.
      const waitForAnswer = () => {
        if (answer().status !== null && Buffer.concat(received).includes('}')) socket.end();
        else socket.once('data', waitForAnswer);
      };
      if (!socket.destroyed) waitForAnswer();
    })();
  });
}

const MiB = 1024 * 1024;

describe('a body over the limit gets its 413 and message, even from a client that sends everything first', () => {
  it.each([
    ['a 20 MiB profile photo', 'PUT', '/api/users/profile/photo', 'image/jpeg', 20 * MiB, 'image_too_large'],
    [
      'an item photo one byte over',
      'POST',
      '/api/photos',
      'image/jpeg',
      LIMITS.photoUploadMaxBytes + 1,
      'image_too_large',
    ],
    ['a 7 MiB photo analysis', 'POST', '/api/items/analyze-and-create', 'application/json', 7 * MiB, 'image_too_large'],
    ['a 3 MiB JSON body', 'POST', '/api/feedback', 'application/json', 3 * MiB, 'payload_too_large'],
    ['a body of a type no route reads', 'POST', '/api/photos', 'application/pdf', 2 * MiB, 'invalid_image_format'],
  ])('%s', async (_case, method, path, type, size, code) => {
    const outcome = await sendWholeBodyFirst(method, path, type, size);
    expect(outcome).toEqual({
      status: code === 'invalid_image_format' ? 415 : 413,
      code,
      socketError: null,
      keptAlive: true,
    });
  });

  it('the same for a chunked body without Content-Length, and for four at once', async () => {
    const outcomes = await Promise.all([
      sendWholeBodyFirst('POST', '/api/photos', 'image/jpeg', 8 * MiB, true),
      ...Array.from({ length: 3 }, () => sendWholeBodyFirst('POST', '/api/photos', 'image/jpeg', 6 * MiB)),
    ]);
    for (const outcome of outcomes) {
      expect(outcome).toEqual({ status: 413, code: 'image_too_large', socketError: null, keptAlive: true });
    }
  });

  it('closes the connection after the answer when the declared body is more than it will read', async () => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    await new Promise((ready) => socket.once('connect', ready));
    socket.write(
      `PUT /api/users/profile/photo HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nOrigin: ${t.config.publicUrl.origin}\r\n` +
        `Content-Type: image/jpeg\r\nContent-Length: ${DRAIN_REFUSED_BODY_MAX_BYTES + 1}\r\n\r\n`,
    );
    await new Promise((closed) => socket.once('close', closed));
    const text = Buffer.concat(received).toString('latin1');
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
  });
});
