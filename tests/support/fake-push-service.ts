import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

/**
 * A Web Push service on loopback that speaks the real protocol (RFC 8030,
 * 8291, 8292), so push delivery is tested without the internet: HTTPS with a
 * self-signed certificate made here, a VAPID token checked like a push
 * service checks it (ES256 signature against the key in the header, `aud` is
 * the endpoint's origin, `exp` in the future and at most 24 h ahead), and the
 * aes128gcm body decrypted with the subscriber's keys, as the browser would.
 */
export interface FakeBrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  message: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID public key the request named (`k=`). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  receivedAt: number;
}

export interface FakePushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** PEM of the self-signed certificate (the bench passes it as NODE_EXTRA_CA_CERTS). */
  certificatePem: string;
  certificateFile: string;
  received: ReceivedPush[];
  /** Requests refused (a bad token, an undecryptable body): always empty when the sender is right. */
  refused: string[];
  /** A new browser subscription on this service. */
  subscribe(): FakeBrowserSubscription;
  /** What the service answers for a subscription from now on (201 by default; 404/410 = gone). */
  answerWith(endpoint: string, status: number): void;
  /** Called after each accepted push. */
  onPush?: (push: ReceivedPush) => void;
  close(): Promise<void>;
}

export interface FakePushServiceOptions {
  /** A fixed port (the e2e server must allow it before the service starts); 0 by default. */
  port?: number;
  /**
   * A certificate made beforehand (key and certificate PEM files), for a sender
   * that had to trust it at start: NODE_EXTRA_CA_CERTS is read once, when Node
   * starts. Without it the service makes its own and removes it on close.
   */
  tls?: { keyFile: string; certificateFile: string };
  /**
   * A host name the service answers as (its certificate and its endpoints),
   * still listening on 127.0.0.1: the sender's resolver must map it there.
   */
  hostname?: string;
}

/** A self-signed P-256 certificate for 127.0.0.1 (two days), as a push service on loopback needs. */
function makeLoopbackCertificate(keyFile: string, certificateFile: string, hostname?: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      `subjectAltName=IP:127.0.0.1${hostname ? `,DNS:${hostname}` : ''}`,
      '-keyout',
      keyFile,
      '-out',
      certificateFile,
    ],
    { stdio: 'ignore' },
  );
}

export async function startFakePushService(options: FakePushServiceOptions = {}): Promise<FakePushService> {
  let ownDir: string | undefined;
  let tls = options.tls;
  if (!tls) {
    ownDir = mkdtempSync(path.join(tmpdir(), 'fake-push-'));
    tls = { keyFile: path.join(ownDir, 'key.pem'), certificateFile: path.join(ownDir, 'cert.pem') };
    makeLoopbackCertificate(tls.keyFile, tls.certificateFile, options.hostname);
  }
  const { keyFile, certificateFile } = tls;
  const certificatePem = readFileSync(certificateFile, 'utf8');
  const subscribers = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server = https.createServer({ key: readFileSync(keyFile), cert: certificatePem }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      const refuse = (status: number, why: string) => {
        refused.push(why);
        response.writeHead(status).end(why);
      };
      if (request.method !== 'POST' || !id || !subscriber) return refuse(404, 'no such subscription');
      if (subscriber.status >= 400) return void response.writeHead(subscriber.status).end();
      let claims: ReceivedPush['claims'];
      let vapidKey: string;
      try {
        ({ claims, vapidKey } = verifyVapid(request.headers.authorization, origin));
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
      let message: Record<string, unknown>;
      try {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.auth,
        });
        message = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
      } catch (error) {
        return refuse(400, `payload: ${(error as Error).message}`);
      }
      const push: ReceivedPush = {
        subscriptionId: id,
        message,
        ttl: header(request.headers.ttl),
        urgency: header(request.headers.urgency),
        vapidKey,
        claims,
        receivedAt: performance.now(),
      };
      received.push(push);
      service.onPush?.(push);
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `https://${options.hostname ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  const service: FakePushService = {
    origin,
    certificatePem,
    certificateFile,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('hex');
      subscribers.set(id, { ecdh, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerWith(endpoint, status) {
      const id = endpoint.split('/').pop() ?? '';
      const subscriber = subscribers.get(id);
      if (subscriber) subscriber.status = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
  return service;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3), checked as a push service does. */
function verifyVapid(
  authorization: string | undefined,
  origin: string,
): { claims: ReceivedPush['claims']; vapidKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token = '', vapidKey = ''] = match;
  const [headerPart = '', claimsPart = '', signaturePart = ''] = token.split('.');
  const jwtHeader = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error('alg is not ES256');
  const point = Buffer.from(vapidKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub is not a contact');
  return { claims, vapidKey };
}
