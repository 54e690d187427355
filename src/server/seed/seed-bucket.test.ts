import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { startS3Peer, type S3Peer } from '../../../tests/support/s3-peer';
import { loadConfig } from '../config/config';
import { itemPhotos, photoBlobs } from '../db/schema';
import { PHOTO_OBJECT_PREFIX } from '../photos/bucket/bucket-photo-store';
import { createPhotoStorage, type PhotoStorage } from '../photos/photo-storage';
import { seedDemoData } from './seed-demo-data';

/**
 * `npm run seed` with the S3_* variables set (issue 37): the configuration
 * is read from those variables and the photo storage made from it exactly as
 * run-seed.ts does, and the demo photos' bytes end up in the bucket, none in
 * photo_blobs.
 */
let s3: S3Peer;
let database: TestDatabase;
let storage: PhotoStorage;

beforeAll(async () => {
  s3 = await startS3Peer();
  database = await createTestDatabase();
  const config = loadConfig({
    ...s3.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-seed-bucket-')),
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
  });
  storage = createPhotoStorage(database.db, config.photoBucket);
});
afterAll(async () => {
  storage.close();
  await database.destroy();
  await s3.close();
});

describe('the demo community seeded with a photo bucket', () => {
  it('leaves every photo in the bucket and none in photo_blobs', async () => {
    const counts = await seedDemoData(database, { issuer: 'http://127.0.0.1:3000/oidc', photoStore: storage.store });
    expect(counts.photos).toBeGreaterThan(10);
    const [photos] = await database.db.select({ n: count() }).from(itemPhotos);
    const [blobs] = await database.db.select({ n: count() }).from(photoBlobs);
    expect(photos?.n).toBe(counts.photos);
    expect(blobs?.n).toBe(0);
    // Each photo is two objects: the full image and the card.
    const listed = await storage.bucket!.list(PHOTO_OBJECT_PREFIX);
    expect(listed.next).toBeUndefined();
    expect(listed.objects).toHaveLength(counts.photos * 2);
  }, 60_000);
});
