import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { itemPhotos, photoBlobs } from '../../db/schema';
import { photoIdOfObject, photoObjectKey, PHOTO_OBJECT_PREFIX } from './bucket-photo-store';
import type { PhotoBucket } from './photo-bucket';
import { sweepPhotoObjects } from './sweep-photo-objects';

/**
 * `npm run photos:move` (docs/decisions/0050): photo bytes from PostgreSQL
 * into the bucket, or back. Each batch is copied first and removed from
 * where it was only after, so a move stopped at any point (Ctrl-C, a crash,
 * the bucket going away) loses nothing and, run again, goes on from where
 * it stopped: what was moved is no longer where the move looks.
 */
export interface MoveProgress {
  /** Photos moved so far in this run. */
  moved: number;
  /** Photos this run set out to move. */
  total: number;
}

export interface MoveOptions {
  /** Photos copied at once (a photo is at most a few MB in memory). */
  batchSize?: number;
  onProgress?: (progress: MoveProgress) => void;
  /** Stops after this many photos (tests: an interrupted move). */
  limit?: number;
  now?: Date;
}

export interface MoveResult extends MoveProgress {
  /** Photos whose bytes were in neither place (only moving back: the bucket lost them). */
  missing: number;
}

const DEFAULT_BATCH = 20;

/**
 * PostgreSQL → bucket. The app must already run with the bucket configured:
 * it reads the bucket first and photo_blobs for what is not moved yet
 * (bucket-photo-store.ts), and stores new photos in the bucket.
 */
export async function movePhotosToBucket(
  db: Database,
  bucket: PhotoBucket,
  options: MoveOptions = {},
): Promise<MoveResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const [counted] = await db.select({ n: count() }).from(photoBlobs);
  const total = Math.min(counted?.n ?? 0, options.limit ?? Number.POSITIVE_INFINITY);
  let moved = 0;
  options.onProgress?.({ moved, total });
  while (moved < total) {
    const rows = await db
      .select()
      .from(photoBlobs)
      .orderBy(asc(photoBlobs.photoId))
      .limit(Math.min(batchSize, total - moved));
    if (rows.length === 0) break;
    await Promise.all(
      rows.flatMap((row) => [
        bucket.put(photoObjectKey(row.photoId, 'full'), row.bytes),
        bucket.put(photoObjectKey(row.photoId, 'card'), row.cardBytes ?? row.bytes),
      ]),
    );
    // Only now that both objects are in the bucket.
    const ids = rows.map((row) => row.photoId);
    await db.delete(photoBlobs).where(inArray(photoBlobs.photoId, ids));
    moved += rows.length;
    options.onProgress?.({ moved, total });
  }
  return { moved, total, missing: 0 };
}

/**
 * Bucket → PostgreSQL. Stop the app first (or keep it on the bucket until
 * this ends): an instance without S3_BUCKET reads only photo_blobs, and one
 * with it would still store new photos in the bucket. Walks the bucket's
 * objects rather than the rows, so a run that stopped between copying and
 * deleting leaves no object behind for the next run to miss; at the end,
 * objects no photo claims are swept as the hourly job would have.
 */
export async function movePhotosToDatabase(
  db: Database,
  bucket: PhotoBucket,
  options: MoveOptions = {},
): Promise<MoveResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const [counted] = await db
    .select({ n: count() })
    .from(itemPhotos)
    .leftJoin(photoBlobs, eq(photoBlobs.photoId, itemPhotos.id))
    .where(isNull(photoBlobs.photoId));
  const total = Math.min(counted?.n ?? 0, options.limit ?? Number.POSITIVE_INFINITY);
  let moved = 0;
  options.onProgress?.({ moved, total });
  let next: string | undefined;
  do {
    const page = await bucket.list(PHOTO_OBJECT_PREFIX, next);
    next = page.next;
    const photoIds = [...new Set(page.objects.flatMap((object) => photoIdOfObject(object.key) ?? []))];
    for (let start = 0; start < photoIds.length && moved < total; start += batchSize) {
      const batch = photoIds.slice(start, Math.min(start + batchSize, start + total - moved));
      moved += await copyBatchToDatabase(db, bucket, batch);
      options.onProgress?.({ moved, total });
    }
    // Whatever has its bytes in PostgreSQL now, moved by this run or an earlier one.
    await bucket.deleteMany(await keysMovedToDatabase(db, photoIds));
  } while (next && moved < total);
  if (moved < total) return { moved, total, missing: total - moved };
  await sweepPhotoObjects(db, bucket, options.now ?? new Date());
  const [left] = await db
    .select({ n: count() })
    .from(itemPhotos)
    .leftJoin(photoBlobs, eq(photoBlobs.photoId, itemPhotos.id))
    .where(isNull(photoBlobs.photoId));
  return { moved, total, missing: left?.n ?? 0 };
}

/** Copies the photos among `photoIds` that have a row and no bytes in PostgreSQL yet; returns how many. */
async function copyBatchToDatabase(db: Database, bucket: PhotoBucket, photoIds: string[]): Promise<number> {
  if (photoIds.length === 0) return 0;
  const waiting = await db
    .select({ id: itemPhotos.id })
    .from(itemPhotos)
    .leftJoin(photoBlobs, eq(photoBlobs.photoId, itemPhotos.id))
    .where(and(inArray(itemPhotos.id, photoIds), isNull(photoBlobs.photoId)));
  const copies = await Promise.all(
    waiting.map(async ({ id }) => {
      const [bytes, card] = await Promise.all([
        bucket.get(photoObjectKey(id, 'full')),
        bucket.get(photoObjectKey(id, 'card')),
      ]);
      if (!bytes) return [];
      // A card-sized photo's card object is its full image (bucket-photo-store.ts): no card copy in PostgreSQL.
      return [{ photoId: id, bytes, cardBytes: card && !card.equals(bytes) ? card : null }];
    }),
  );
  const rows = copies.flat();
  if (rows.length === 0) return 0;
  // A photo deleted meanwhile has no row to point at: insert only where the photo still exists.
  const inserted = await db.transaction(async (tx) => {
    let n = 0;
    for (const row of rows) {
      const result = await tx.execute(
        sql`INSERT INTO ${photoBlobs} (photo_id, bytes, card_bytes)
            SELECT ${row.photoId}::uuid, ${row.bytes}, ${row.cardBytes}
            WHERE EXISTS (SELECT 1 FROM ${itemPhotos} WHERE id = ${row.photoId}::uuid)
            ON CONFLICT (photo_id) DO NOTHING`,
      );
      n += result.rowCount ?? 0;
    }
    return n;
  });
  return inserted;
}

async function keysMovedToDatabase(db: Database, photoIds: string[]): Promise<string[]> {
  if (photoIds.length === 0) return [];
  const rows = await db
    .select({ id: photoBlobs.photoId })
    .from(photoBlobs)
    .where(inArray(photoBlobs.photoId, photoIds));
  return rows.flatMap((row) => [photoObjectKey(row.id, 'full'), photoObjectKey(row.id, 'card')]);
}
