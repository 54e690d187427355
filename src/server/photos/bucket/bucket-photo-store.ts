import type { PhotoSize } from '../../../contract/schemas/item';
import type { Database } from '../../db/client';
import { createPostgresPhotoStore, type PhotoStore } from '../photo-store';
import type { PhotoBucket } from './photo-bucket';

/**
 * Photo bytes in an S3-compatible bucket (docs/decisions/0050). Objects are
 * named by the photo id (a random UUID: never guessable, never user input):
 * `photos/{id}` is the full image and `photos/{id}.card` the card copy. A
 * photo that is already card-sized has no card copy of its own, and its
 * full image is stored under the card's name too, so a card read is always
 * one request (such a photo is small by definition).
 *
 * The objects are written before the transaction that inserts the photo's
 * row begins (`stage`), so no transaction waits on the bucket: a rollback
 * leaves an orphan, which the hourly sweep deletes
 * (sweep-photo-objects.ts), as it deletes the objects of rows the database
 * deleted (the item, report and user cascades, which the app never sees).
 */
export const PHOTO_OBJECT_PREFIX = 'photos/';

export function photoObjectKey(photoId: string, size: PhotoSize): string {
  return size === 'card' ? `${PHOTO_OBJECT_PREFIX}${photoId}.card` : `${PHOTO_OBJECT_PREFIX}${photoId}`;
}

const OBJECT_KEY = /^photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.card)?$/;

/** The photo an object belongs to, or null for an object that is not one of ours (left alone). */
export function photoIdOfObject(key: string): string | null {
  return OBJECT_KEY.exec(key)?.[1] ?? null;
}

export function createBucketPhotoStore(db: Database, bucket: PhotoBucket): PhotoStore {
  // Photos not moved yet (`npm run photos:move`) still have their bytes in photo_blobs.
  const database = createPostgresPhotoStore(db);
  return {
    async stage(photoId, bytes, cardBytes) {
      await Promise.all([
        bucket.put(photoObjectKey(photoId, 'full'), bytes),
        bucket.put(photoObjectKey(photoId, 'card'), cardBytes ?? bytes),
      ]);
    },
    // The objects are in the bucket already; the row is the caller's.
    async save() {},
    async read(photoId, size) {
      const key = photoObjectKey(photoId, size);
      const bytes = await bucket.get(key);
      if (bytes) return bytes;
      // Not in the bucket: still in PostgreSQL while a move runs (or moved back), or deleted since
      // its row was read (then both are empty, and the caller answers 404). A move copies to the
      // bucket before deleting the row, so a photo moved between the two reads is in the bucket now.
      return (await database.read(photoId, size)) ?? bucket.get(key);
    },
    ensureAvailable: () => bucket.probe(),
  };
}
