import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createUser } from '../../../../tests/support/factories';
import { errorCode, photoCalls, type User } from '../../../../tests/support/photos';
import { startS3Peer, type S3Peer } from '../../../../tests/support/s3-peer';
import { LIMITS } from '../../../contract/limits';
import { itemPhotos, items, photoBlobs } from '../../db/schema';
import { PHOTO_OBJECT_PREFIX, photoObjectKey } from './bucket-photo-store';
import { createPhotoBucket, type PhotoBucket } from './photo-bucket';
import { ORPHAN_MIN_AGE_MS, sweepPhotoObjects } from './sweep-photo-objects';

/**
 * Photos in an S3-compatible bucket (docs/decisions/0050), through the whole
 * app configured by the S3_* variables, against a real S3 protocol server
 * on loopback (tests/support/s3-peer.ts).
 */
let s3: S3Peer;
let t: TestApp;
let bucket: PhotoBucket;
let small: Buffer;
let large: Buffer;

beforeAll(async () => {
  s3 = await startS3Peer();
  t = await createTestApp(s3.env);
  bucket = createPhotoBucket(s3.config);
  small = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const side = LIMITS.photoCardMaxPx * 2;
  large = await sharp({ create: { width: side, height: side, channels: 3, background: '#996633' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  bucket.close();
  await t.close();
  await s3.close();
});
beforeEach(() => s3.start());

const photos = photoCalls(() => t);
const { upload, getPhoto, getCard, createItemWithPhotos } = photos;

async function objectKeys(): Promise<string[]> {
  const keys: string[] = [];
  let next: string | undefined;
  do {
    const page = await bucket.list(PHOTO_OBJECT_PREFIX, next);
    keys.push(...page.objects.map((object) => object.key));
    next = page.next;
  } while (next);
  return keys.sort();
}

async function blobCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(photoBlobs);
  return row?.n ?? -1;
}

const anHourAndMoreFromNow = () => new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);

describe('photos stored in the bucket', () => {
  it('keeps the bytes in the bucket, none in PostgreSQL, and serves both sizes after the same check', async () => {
    const blobsBefore = await blobCount();
    const { alice, bob, dave, photoId } = await photos.sharedPhoto(large);
    expect(await blobCount()).toBe(blobsBefore);
    const keys = await objectKeys();
    expect(keys).toContain(photoObjectKey(photoId, 'full'));
    expect(keys).toContain(photoObjectKey(photoId, 'card'));

    const full = await bucket.get(photoObjectKey(photoId, 'full'));
    const card = await bucket.get(photoObjectKey(photoId, 'card'));
    expect(card!.length).toBeLessThan(full!.length);
    for (const viewer of [alice, bob]) {
      const fullAnswer = await getPhoto(viewer, photoId);
      expect(fullAnswer.statusCode).toBe(200);
      expect(fullAnswer.rawPayload.equals(full!)).toBe(true);
      const cardAnswer = await getCard(viewer, photoId);
      expect(cardAnswer.statusCode).toBe(200);
      expect(cardAnswer.rawPayload.equals(card!)).toBe(true);
    }
    // The bucket changes nothing about who may see a photo.
    expect((await getPhoto(dave, photoId)).statusCode).toBe(404);
    expect((await getPhoto(null, photoId)).statusCode).toBe(401);
  });

  it('stores a card-sized photo once more under the card name, so a card read is one request', async () => {
    const owner = await createUser(t.db);
    const id = await photos.uploadedId(owner, small);
    const full = await bucket.get(photoObjectKey(id, 'full'));
    expect(full).not.toBeNull();
    expect((await bucket.get(photoObjectKey(id, 'card')))?.equals(full!)).toBe(true);
    expect((await getCard(owner, id)).rawPayload.equals(full!)).toBe(true);
  });

  it('still serves a photo whose bytes are in PostgreSQL (not moved yet)', async () => {
    const owner = await createUser(t.db);
    const [row] = await t.db
      .insert(itemPhotos)
      .values({ uploaderId: owner.id, contentType: 'image/jpeg', width: 120, height: 80, byteSize: small.length })
      .returning({ id: itemPhotos.id });
    await t.db.insert(photoBlobs).values({ photoId: row!.id, bytes: small, cardBytes: null });
    const answer = await getCard(owner, row!.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(small)).toBe(true);
  });
});

describe('a bucket that does not exist', () => {
  it('is storage that is unavailable (503), not a missing photo (404)', async () => {
    const wrong = createPhotoBucket({ ...s3.config, bucket: 'no-such-bucket' });
    try {
      await expect(wrong.get(photoObjectKey(crypto.randomUUID(), 'full'))).rejects.toMatchObject({
        code: 'photo_storage_unavailable',
      });
      await expect(wrong.probe()).rejects.toMatchObject({ code: 'photo_storage_unavailable' });
    } finally {
      wrong.close();
    }
  });
});

describe('the orphan sweep', () => {
  it('deletes objects no photo claims once they are an hour old, and nothing else', async () => {
    const owner = await createUser(t.db);
    const keptId = await photos.uploadedId(owner, small);
    const savedId = await photos.uploadedId(owner, small);
    const itemId = await createItemWithPhotos(owner, [savedId]);
    const goneId = await photos.uploadedId(owner, small);
    // Its item deleted: the photo row goes by cascade, which the app never sees.
    const goneItem = await createItemWithPhotos(owner, [goneId]);
    await t.db.delete(items).where(eq(items.id, goneItem));
    // An upload whose transaction rolled back after the bytes were written.
    const strayId = crypto.randomUUID();
    await bucket.put(photoObjectKey(strayId, 'full'), small);
    // Not one of ours: never touched.
    await bucket.put(`${PHOTO_OBJECT_PREFIX}notes.txt`, Buffer.from('keep me'));

    const young = await sweepPhotoObjects(t.db, bucket, new Date());
    expect(young.deleted).toBe(0);
    const swept = await sweepPhotoObjects(t.db, bucket, anHourAndMoreFromNow());
    expect(swept.deleted).toBeGreaterThanOrEqual(3);
    const keys = await objectKeys();
    for (const id of [keptId, savedId]) {
      expect(keys).toContain(photoObjectKey(id, 'full'));
      expect(keys).toContain(photoObjectKey(id, 'card'));
    }
    for (const key of [
      photoObjectKey(goneId, 'full'),
      photoObjectKey(goneId, 'card'),
      photoObjectKey(strayId, 'full'),
    ]) {
      expect(keys).not.toContain(key);
    }
    expect(keys).toContain(`${PHOTO_OBJECT_PREFIX}notes.txt`);
    expect((await getPhoto(owner, savedId)).statusCode).toBe(200);
    expect(itemId).toBeTruthy();
  });
});

describe('a bucket that is down', () => {
  it('fails photo reads and uploads with 503, leaves no half-written photo, and nothing else fails', async () => {
    const owner: User = await createUser(t.db);
    const photoId = await photos.uploadedId(owner, small);
    // Saved with an item, so the data export carries it.
    await createItemWithPhotos(owner, [photoId]);
    const [rowsBefore] = await t.db.select({ n: count() }).from(itemPhotos);
    await s3.stop();

    const read = await getPhoto(owner, photoId);
    expect(read.statusCode).toBe(503);
    expect(errorCode(read)).toBe('photo_storage_unavailable');
    expect(read.headers['retry-after']).toBe('5');
    const uploaded = await upload(owner, small);
    expect(uploaded.statusCode).toBe(503);
    expect(errorCode(uploaded)).toBe('photo_storage_unavailable');
    const [rowsAfter] = await t.db.select({ n: count() }).from(itemPhotos);
    expect(rowsAfter?.n).toBe(rowsBefore?.n);
    // The data export reads every photo: refused before it starts, not broken off midway.
    const exported = await t.request(owner, { method: 'POST', url: `/api/gdpr/export/${owner.id}` });
    expect(exported.statusCode).toBe(503);
    expect(errorCode(exported)).toBe('photo_storage_unavailable');

    // The rest of the app answers, and says which part is down.
    expect((await t.request(owner, { method: 'GET', url: '/api/items/my' })).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', parts: { database: 'ok', photoStorage: 'unavailable' } });

    await s3.start();
    expect((await getPhoto(owner, photoId)).statusCode).toBe(200);
    const exportedLater = await t.request(owner, { method: 'POST', url: `/api/gdpr/export/${owner.id}` });
    expect(exportedLater.statusCode).toBe(200);
    expect(exportedLater.body).toContain(photoId);
    const healthy = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthy.json()).toEqual({ status: 'ok', parts: { database: 'ok', photoStorage: 'ok' } });
  });
});
