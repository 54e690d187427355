import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { itemPhotos } from '../../db/schema';
import { PHOTO_OBJECT_PREFIX, photoIdOfObject } from './bucket-photo-store';
import type { PhotoBucket } from './photo-bucket';

/**
 * Objects younger than this are spared: their photo's row may not have
 * committed yet (the bytes are written first, bucket-photo-store.ts).
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

export interface SweepResult {
  examined: number;
  deleted: number;
}

/**
 * Deletes the bucket's photo objects that no `item_photos` row claims, once
 * they are an hour old (docs/decisions/0050). That covers every way a row
 * goes: a photo left out of a form, unsaved uploads after a day, an item,
 * report or account deleted (all by cascade, which the app never sees), and
 * an upload whose transaction rolled back. Run hourly by the job queue
 * ('sweep-photo-objects'), once per hour across all instances.
 *
 * One query per page of 1,000 objects asks which of their photos still
 * exist, then one request deletes that page's orphans.
 */
export async function sweepPhotoObjects(db: Database, bucket: PhotoBucket, now: Date): Promise<SweepResult> {
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS;
  const result: SweepResult = { examined: 0, deleted: 0 };
  let next: string | undefined;
  do {
    const page = await bucket.list(PHOTO_OBJECT_PREFIX, next);
    next = page.next;
    const old = page.objects.flatMap((object) => {
      const photoId = photoIdOfObject(object.key);
      return photoId && object.lastModified.getTime() < cutoff ? [{ key: object.key, photoId }] : [];
    });
    result.examined += page.objects.length;
    if (old.length === 0) continue;
    const photoIds = [...new Set(old.map((object) => object.photoId))];
    const kept = await db.select({ id: itemPhotos.id }).from(itemPhotos).where(inArray(itemPhotos.id, photoIds));
    const keptIds = new Set(kept.map((row) => row.id));
    const orphans = old.filter((object) => !keptIds.has(object.photoId)).map((object) => object.key);
    await bucket.deleteMany(orphans);
    result.deleted += orphans.length;
  } while (next);
  return result;
}
