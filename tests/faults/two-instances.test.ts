import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { connectDatabase, type DatabaseHandle } from '@/server/db/client';
import { startEmbeddedPostgres, type RunningPostgres } from '@/server/db/embedded-postgres';
import { pushSubscriptions } from '@/server/db/schema';
import { photoObjectKey } from '@/server/photos/bucket/bucket-photo-store';
import { createPhotoBucket, type PhotoBucket } from '@/server/photos/bucket/photo-bucket';
import { startFakePushService, type FakePushService } from '../support/fake-push-service';
import { CookieJar, signInThroughProvider, step } from '../support/oidc-flow';
import { startS3Peer, type S3Peer } from '../support/s3-peer';
import { seedPeople, withClient, type Person } from './support/fault-database';
import { openLiveStream } from './support/live-stream';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy';
import { freePort, startServer, type ServerProcess } from './support/server-process';

/**
 * Several instances, shown (issue 37, part 2; README "Several instances"):
 * two built servers as real processes on one PostgreSQL and one bucket,
 * behind a round-robin proxy on loopback that is their PUBLIC_URL. People
 * sign in through one and are served by the other, photos uploaded through
 * one are read through the other, live events, jobs and rate limits hold
 * across both. The instances share DATA_DIR (its secrets and the built-in
 * provider's signing key), as two units on one machine do.
 */
const externalAdminUrl = process.env.FAULTS_DATABASE_URL;

let postgres: RunningPostgres | undefined;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
let database: DatabaseHandle;
let s3: S3Peer;
let bucket: PhotoBucket;
let pushService: FakePushService;
let proxy: LoopbackProxy;
let dataDir: string;
const instances: Record<'a' | 'b', ServerProcess> = {} as Record<'a' | 'b', ServerProcess>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-two-instances-'));
  // The embedded PostgreSQL runs as its own user (root may not run it), which must reach its folder inside.
  chmodSync(dataDir, 0o755);
  if (externalAdminUrl) {
    // CI: Debian's PostgreSQL 15, a database of the run's own.
    const name = `lendloop_instances_${randomBytes(4).toString('hex')}`;
    await withClient(externalAdminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(externalAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = () =>
      withClient(externalAdminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      );
  } else {
    // One PostgreSQL of its own, outside both instances, as a production database is.
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'database'),
      logger: pino({ level: 'silent' }),
      persistent: false,
      role: 'two-instances test',
    });
    await withClient(postgres.urlFor('postgres'), (client) => client.query('CREATE DATABASE lendloop'));
    databaseUrl = postgres.urlFor('lendloop');
  }
  s3 = await startS3Peer();
  bucket = createPhotoBucket(s3.config);
  pushService = await startFakePushService();
  proxy = await startLoopbackProxy();
  const env = {
    ...s3.env,
    PUBLIC_URL: proxy.origin,
    // The push figure's way (bench/server/run.ts): the fake push service's certificate, and its loopback host allowed.
    NODE_EXTRA_CA_CERTS: pushService.certificateFile,
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
  };
  const shared = { dataDir: path.join(dataDir, 'app'), databaseUrl, env };
  // Started together: both run the migrations at once, and one waits for the other's lock.
  instances.a = startServer({ ...shared, port: await freePort(), logFile: path.join(dataDir, 'a.log') });
  instances.b = startServer({ ...shared, port: await freePort(), logFile: path.join(dataDir, 'b.log') });
  await Promise.all([instances.a.waitHealthy(60_000), instances.b.waitHealthy(60_000)]);
  proxy.setBackends([
    { name: 'a', origin: instances.a.baseUrl },
    { name: 'b', origin: instances.b.baseUrl },
  ]);
  database = connectDatabase(databaseUrl, { max: 2 });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await Promise.all([instances.a?.stop(), instances.b?.stop()]);
  await proxy?.close();
  await pushService?.close();
  bucket?.close();
  await s3?.close();
  await dropDatabase?.();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A request straight to one instance, as from the public origin (the proxy would send the same). */
async function direct(
  instance: ServerProcess,
  requestPath: string,
  person: { cookie: string },
  init: { method?: string; body?: BodyInit; contentType?: string } = {},
): Promise<Response> {
  return fetch(`${instance.baseUrl}${requestPath}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: person.cookie,
      origin: proxy.origin,
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    body: init.body,
  });
}

describe('two instances behind one address', () => {
  it('signs a person in through both at once, then serves them on either', async () => {
    const jar = new CookieJar();
    const servedBefore = proxy.served.length;
    // The proxy alternates: the sign-in's steps land on both instances.
    const { finalLocation } = await signInThroughProvider(proxy.origin, jar, {
      create: { name: 'Ada Lovelace', username: 'ada', email: 'ada@example.org' },
    });
    expect(new URL(finalLocation).pathname).toBe('/');
    expect(new Set(proxy.served.slice(servedBefore))).toEqual(new Set(['a', 'b']));
    const person = { cookie: jar.header() };
    for (const instance of [instances.a, instances.b]) {
      const me = await direct(instance, '/api/auth/user', person);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ name: 'Ada Lovelace', username: 'ada' });
    }
    // Signing out through either ends the session on both (each instance's session cache hears of it).
    const signedOut = await step(jar, `${proxy.origin}/api/logout`);
    expect(signedOut.status).toBe(302);
    expect((await direct(instances.a, '/api/auth/user', person)).status).toBe(401);
    expect((await direct(instances.b, '/api/auth/user', person)).status).toBe(401);
  });

  it('stores a photo uploaded through one in the bucket, and the other serves it', async () => {
    const { writer } = await seedPeople(databaseUrl);
    const image = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const uploaded = await direct(instances.a, '/api/photos', writer, {
      method: 'POST',
      body: new Blob([new Uint8Array(image)]),
      contentType: 'image/png',
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const stored = await bucket.get(photoObjectKey(id, 'full'));
    expect(stored).not.toBeNull();
    const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM photo_blobs');
    expect(rows[0]?.n).toBe(0);
    const read = await direct(instances.b, `/api/photos/${id}`, writer);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(stored!)).toBe(true);
  });

  it('delivers a live event raised on one to a stream held by the other', async () => {
    const { writer, watcher } = await seedPeople(databaseUrl);
    const stream = await openLiveStream(instances.b.baseUrl, watcher);
    try {
      await stream.waitFor('ready', 0, 5_000);
      const mark = stream.events.length;
      await shareNewItem(instances.a, writer, watcher);
      await stream.waitFor('items_changed', mark, 5_000);
    } finally {
      stream.close();
    }
  });

  it('runs each job once across both, and holds a rate limit across both', async () => {
    const { writer, watcher } = await seedPeople(databaseUrl);
    const subscription = pushService.subscribe();
    await database.db.insert(pushSubscriptions).values({
      userId: watcher.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
    const subscriptionId = subscription.endpoint.split('/').pop();
    // The hourly allowance of network requests (a PostgreSQL counter), spent alternately through both.
    const titles = Array.from({ length: LIMITS.networkRequestsPerHour }, (_, n) => `Ladder number ${n + 1}`);
    for (const [n, title] of titles.entries()) {
      const asked = await direct(n % 2 === 0 ? instances.a : instances.b, '/api/network-requests', writer, {
        method: 'POST',
        body: JSON.stringify({ title }),
        contentType: 'application/json',
      });
      expect(asked.status, await asked.clone().text()).toBe(201);
    }
    for (const instance of [instances.a, instances.b]) {
      const refused = await direct(instance, '/api/network-requests', writer, {
        method: 'POST',
        body: JSON.stringify({ title: 'One more' }),
        contentType: 'application/json',
      });
      expect(refused.status).toBe(429);
    }

    // Each request told the watcher once: one push each, whichever instance's job runner took the job.
    const pushes = () => pushService.received.filter((push) => push.subscriptionId === subscriptionId);
    await expect.poll(() => pushes().length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(titles.length);
    // Every job done (a job's row goes once its handler returned, just after its push).
    const queued = async () =>
      (
        await database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'deliver-push'`,
        )
      ).rows[0]?.n;
    await expect.poll(queued, { timeout: 10_000, interval: 100 }).toBe(0);
    const bodies = pushes().map((push) => JSON.stringify(push.message));
    for (const title of titles) {
      // "Ladder number 1" is also the start of "Ladder number 10": not followed by a digit.
      const named = new RegExp(`${title}(?!\\d)`);
      expect(bodies.filter((body) => named.test(body)).length, title).toBe(1);
    }
    expect(pushes()).toHaveLength(titles.length);
    expect(pushService.refused).toEqual([]);
  });
});

/** `writer` creates an item and lets `watcher` see it: the watcher hears `items_changed`. */
async function shareNewItem(instance: ServerProcess, writer: Person, watcher: Person): Promise<void> {
  const created = await direct(instance, '/api/items', writer, {
    method: 'POST',
    body: JSON.stringify({ name: 'Shared across instances', category: 'books' }),
    contentType: 'application/json',
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const shared = await direct(instance, '/api/permissions', writer, {
    method: 'POST',
    body: JSON.stringify({ itemId: id, contactUserId: watcher.id, canView: true }),
    contentType: 'application/json',
  });
  expect(shared.status).toBe(204);
}
