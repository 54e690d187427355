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
 * The bucket store (bucket/bucket-photo-store.ts, docs/decisions/0050)
 * writes the objects under the photo id before the transaction commits,
 * keeps them private (bytes leave only through GET /api/photos/{id}, after
 * the check), and has a delete path of its own, since the cascade stops at
 * the database: an hourly sweep deletes objects no `item_photos` row claims
 * (bucket/sweep-photo-objects.ts), which also removes the orphans of
 * rolled-back transactions.
 */
export interface PhotoStore {
  /**
   * Before the transaction that inserts the photo's row: writes what lives
   * outside the database (a bucket's objects), so no transaction, and no
   * pooled connection, waits on a slow bucket (docs/decisions/0050). A
   * rollback after it leaves orphans, which the sweep deletes.
   */
  stage(photoId: string, bytes: Buffer, cardBytes: Buffer | null): Promise<void>;
  /**
   * Inside the transaction that inserted the row: writes what lives in the
   * database (`photo_blobs`), and the card copy (null: the full image serves
   * as the card).
   */
  save(tx: DbOrTx, photoId: string, bytes: Buffer, cardBytes: Buffer | null): Promise<void>;
  /**
   * The bytes of one size, or null when the photo is gone (deleted since its
   * row was read). A photo without a card copy (already card-sized, or stored
   * before cards had one) answers `card` with the full image.
   */
  read(photoId: string, size: PhotoSize): Promise<Buffer | null>;
  /**
   * Resolves when the store answers; throws `photo_storage_unavailable`
   * otherwise. For a long read (the data export) to fail with a 503 before
   * it starts rather than break off midway.
   */
  ensureAvailable(): Promise<void>;
}

export function createPostgresPhotoStore(db: Database): PhotoStore {
  return {
    // Everything goes in with the row.
    async stage() {},
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
    // The database itself: the export's first read finds out.
    async ensureAvailable() {},
  };
}
