import type { PhotoBucketConfig } from '../config/photo-bucket-config';
import type { Database } from '../db/client';
import { createBucketPhotoStore } from './bucket/bucket-photo-store';
import { createPhotoBucket, type PhotoBucket } from './bucket/photo-bucket';
import { createPostgresPhotoStore, type PhotoStore } from './photo-store';

/**
 * Where this instance keeps photo bytes, as configured: an S3-compatible
 * bucket when S3_BUCKET is set (docs/decisions/0050), PostgreSQL otherwise.
 * `bucket` is there for what only a bucket needs: /healthz's probe and the
 * orphan sweep.
 */
export interface PhotoStorage {
  store: PhotoStore;
  bucket: PhotoBucket | undefined;
  close(): void;
}

export function createPhotoStorage(db: Database, bucketConfig: PhotoBucketConfig | undefined): PhotoStorage {
  if (!bucketConfig) return { store: createPostgresPhotoStore(db), bucket: undefined, close: () => undefined };
  const bucket = createPhotoBucket(bucketConfig);
  return { store: createBucketPhotoStore(db, bucket), bucket, close: () => bucket.close() };
}
