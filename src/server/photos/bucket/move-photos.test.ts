import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database';
import { createUser } from '../../../../tests/support/factories';
import { startS3Peer, type S3Peer } from '../../../../tests/support/s3-peer';
import { LIMITS } from '../../../contract/limits';
import { itemPhotos, photoBlobs } from '../../db/schema';
import { createPostgresPhotoStore } from '../photo-store';
import { uploadPhoto } from '../upload-photo';
import { createBucketPhotoStore, PHOTO_OBJECT_PREFIX, photoObjectKey } from './bucket-photo-store';
import { movePhotosToBucket, movePhotosToDatabase, type MoveProgress } from './move-photos';
import { createPhotoBucket, type PhotoBucket } from './photo-bucket';
import { progressLine } from './progress-bar';

/**
 * `npm run photos:move` (docs/decisions/0050): PostgreSQL → bucket → back,
 * each direction stopped halfway and run again, against a real S3 protocol
 * server on loopback. Every photo must read the same bytes at every point.
 */
let s3: S3Peer;
let database: TestDatabase;
let bucket: PhotoBucket;
const stored = new Map<string, { full: Buffer; card: Buffer }>();

beforeAll(async () => {
  s3 = await startS3Peer();
  database = await createTestDatabase();
  bucket = createPhotoBucket(s3.config);
  const postgres = createPostgresPhotoStore(database.db);
  const owner = await createUser(database.db);
  // Five photos: three card-sized (no card copy), two with a card copy of their own.
  const sides = [100, 120, 140, LIMITS.photoCardMaxPx * 2, LIMITS.photoCardMaxPx * 3];
  for (const [index, side] of sides.entries()) {
    const image = await sharp({ create: { width: side, height: side, channels: 3, background: `#3366${index}0` } })
      .png()
      .toBuffer();
    const { id } = await uploadPhoto(database.db, postgres, owner, { bytes: image, contentType: 'image/png' });
    const full = await postgres.read(id, 'full');
    const card = await postgres.read(id, 'card');
    stored.set(id, { full: full!, card: card! });
  }
}, 30_000);
afterAll(async () => {
  bucket.close();
  await database.destroy();
  await s3.close();
});

async function blobs(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(photoBlobs);
  return row?.n ?? -1;
}

async function objectCount(): Promise<number> {
  return (await bucket.list(PHOTO_OBJECT_PREFIX)).objects.length;
}

/** Every photo reads its own bytes through the app's bucket store (bucket first, then PostgreSQL). */
async function expectEveryPhotoReadable(): Promise<void> {
  const store = createBucketPhotoStore(database.db, bucket);
  for (const [id, bytes] of stored) {
    expect((await store.read(id, 'full'))?.equals(bytes.full), `full ${id}`).toBe(true);
    expect((await store.read(id, 'card'))?.equals(bytes.card), `card ${id}`).toBe(true);
  }
}

describe('moving photos into the bucket and back', () => {
  it('moves into the bucket in batches, goes on after a stop, and serves every photo throughout', async () => {
    expect(await blobs()).toBe(5);
    const progress: MoveProgress[] = [];
    const stopped = await movePhotosToBucket(database.db, bucket, {
      batchSize: 2,
      limit: 3,
      onProgress: (step) => progress.push(step),
    });
    expect(stopped).toEqual({ moved: 3, total: 3, missing: 0 });
    expect(progress).toEqual([
      { moved: 0, total: 3 },
      { moved: 2, total: 3 },
      { moved: 3, total: 3 },
    ]);
    expect(await blobs()).toBe(2);
    expect(await objectCount()).toBe(6);
    await expectEveryPhotoReadable();

    const rest = await movePhotosToBucket(database.db, bucket, { batchSize: 2 });
    expect(rest).toEqual({ moved: 2, total: 2, missing: 0 });
    expect(await blobs()).toBe(0);
    expect(await objectCount()).toBe(10);
    await expectEveryPhotoReadable();
    // Run again: nothing left to do.
    expect(await movePhotosToBucket(database.db, bucket)).toEqual({ moved: 0, total: 0, missing: 0 });
  });

  it('moves back into PostgreSQL, goes on after a stop, keeps card-sized photos without a card copy, and empties the bucket', async () => {
    const stopped = await movePhotosToDatabase(database.db, bucket, { batchSize: 2, limit: 2 });
    expect(stopped.moved).toBe(2);
    expect(await blobs()).toBe(2);
    await expectEveryPhotoReadable();

    const rest = await movePhotosToDatabase(database.db, bucket, { batchSize: 2 });
    expect(rest).toEqual({ moved: 3, total: 3, missing: 0 });
    expect(await blobs()).toBe(5);
    expect(await objectCount()).toBe(0);
    // As the PostgreSQL store wrote them: a card copy only where the photo had its own.
    const rows = await database.db.select().from(photoBlobs);
    for (const row of rows) {
      const bytes = stored.get(row.photoId)!;
      expect(row.bytes.equals(bytes.full)).toBe(true);
      expect(row.cardBytes === null).toBe(bytes.card.equals(bytes.full));
    }
    await expectEveryPhotoReadable();
  });

  it('reports a photo the bucket lost instead of stopping, and leaves nothing half-copied', async () => {
    await movePhotosToBucket(database.db, bucket);
    const [lostId] = [...stored.keys()];
    await bucket.deleteMany([photoObjectKey(lostId!, 'full'), photoObjectKey(lostId!, 'card')]);
    const back = await movePhotosToDatabase(database.db, bucket);
    expect(back).toEqual({ moved: 4, total: 5, missing: 1 });
    const [lostRow] = await database.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, lostId!));
    expect(lostRow).toBeUndefined();
    // The photo's row is untouched: the app shows it as missing (404), as before the move.
    const [photo] = await database.db.select().from(itemPhotos).where(eq(itemPhotos.id, lostId!));
    expect(photo).toBeDefined();
  });

  it('stops with the bucket down without losing a photo', async () => {
    await s3.stop();
    try {
      const before = await blobs();
      await expect(movePhotosToBucket(database.db, bucket)).rejects.toMatchObject({
        code: 'photo_storage_unavailable',
      });
      expect(await blobs()).toBe(before);
    } finally {
      await s3.start();
    }
  });
});

describe('the progress bar', () => {
  it('draws the share done', () => {
    expect(progressLine(0, 4, 'photos')).toBe(`[${'░'.repeat(30)}] 0/4 photos 0%`);
    expect(progressLine(1, 4, 'photos')).toBe(`[${'█'.repeat(8)}${'░'.repeat(22)}] 1/4 photos 25%`);
    expect(progressLine(40, 40, 'photos')).toBe(`[${'█'.repeat(30)}] 40/40 photos 100%`);
    expect(progressLine(0, 0, 'photos')).toBe(`[${'█'.repeat(30)}] 0/0 photos 100%`);
  });
});
