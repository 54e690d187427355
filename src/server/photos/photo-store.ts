import { eq, sql } from 'drizzle-orm';
import type { PhotoSize } from '../../contract/schemas/item';
import type { Database, DbOrTx } from '../db/client';
import { photoBlobs } from '../db/schema';

/**
 * Where the bytes of stored photos live. The facts (who uploaded it, which
 * item, size, type) are always the `item_photos` row; authorization is done
 * on that row before the store is asked for bytes, so a store never decides
 * who may see a photo.
 *
 * The PostgreSQL store keeps the bytes in `photo_blobs`, so every app
 * instance sees them, backups hold them, and deleting a photo row (a photo
 * left out of the item form, an item or user deleted, stale uploads) deletes
 * its bytes by foreign-key cascade in the same transaction.
 *
 * An object-store implementation (S3 and the like) would need:
 * - `save` to write the object under the photo id (a random UUID: names are
 *   neither guessable nor clashing, and never user input) before the
 *   transaction commits; a rolled-back transaction then leaves an orphan.
 * - a delete path of its own, since the cascade stops at the database: rows
 *   vanish through `setItemPhotos`, upload housekeeping and the item and user
 *   cascades, which the app does not see. The simplest complete answer is a
 *   periodic sweep that deletes objects without an `item_photos` row (older
 *   than an hour, so uploads in flight are spared), which also removes the
 *   orphans above.
 * - private objects only (no public bucket URL): the bytes must go through
 *   GET /api/photos/{id}, or a short-lived signed URL issued after the check.
 * - the card copy as a second object under the same id (and in the sweep).
 */
export interface PhotoStore {
  /**
   * Stores the bytes of a photo whose `item_photos` row `tx` has just
   * inserted, and its card copy (null: the full image serves as the card).
   */
  save(tx: DbOrTx, photoId: string, bytes: Buffer, cardBytes: Buffer | null): Promise<void>;
  /**
   * The bytes of one size, or null when the photo is gone (deleted since its
   * row was read). A photo without a card copy (already card-sized, or stored
   * before cards had one) answers `card` with the full image.
   */
  read(photoId: string, size: PhotoSize): Promise<Buffer | null>;
}

export function createPostgresPhotoStore(db: Database): PhotoStore {
  return {
    async save(tx, photoId, bytes, cardBytes) {
      await tx.insert(photoBlobs).values({ photoId, bytes, cardBytes });
    },
    async read(photoId, size) {
      // Only the size asked for leaves the database.
      const bytes =
        size === 'card'
          ? sql`COALESCE(${photoBlobs.cardBytes}, ${photoBlobs.bytes})`.mapWith(photoBlobs.bytes)
          : photoBlobs.bytes;
      const [row] = await db.select({ bytes }).from(photoBlobs).where(eq(photoBlobs.photoId, photoId));
      return row?.bytes ?? null;
    },
  };
}
