import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { itemPhotos } from '../db/schema';
import type { Actor } from '../policies';
import type { PhotoStore } from './photo-store';
import type { ProcessedPhoto } from './process-photo';

/** Where a new photo goes: on an item at a position, or (omitted) nowhere yet. */
export interface ItemPhotoPlace {
  itemId: string;
  position: number;
}

/** A processed photo whose bytes the store has staged under its id, ready for its row. */
export interface StagedPhoto {
  id: string;
  photo: ProcessedPhoto;
}

/**
 * Before the caller's transaction: the photo gets its id (a random UUID) and
 * the store writes what lives outside the database under it (a bucket's
 * objects, docs/decisions/0050), so the transaction never waits on it.
 */
export async function stagePhoto(store: PhotoStore, photo: ProcessedPhoto): Promise<StagedPhoto> {
  const id = randomUUID();
  await store.stage(id, photo.bytes, photo.cardBytes);
  return { id, photo };
}

/**
 * Writes a staged photo: its `item_photos` row (uploaded by `uploader`),
 * then what the store keeps in the database, inside the caller's
 * transaction, so the row never stands without its bytes. Returns the
 * photo's id.
 *
 * Without `place` the photo is unsaved: it belongs to the uploader alone
 * until an item form saves it (items/attach-photos.ts). With it, the photo
 * is on that item at that position at once (a book's cover).
 *
 * What comes before is the caller's: its checks, limits and locks (an
 * upload's daily cap, a new item's insert) and when the photo is processed.
 */
export async function storeItemPhoto(
  tx: DbOrTx,
  store: PhotoStore,
  uploader: Actor,
  staged: StagedPhoto,
  place?: ItemPhotoPlace,
): Promise<string> {
  const { photo } = staged;
  const [row] = await tx
    .insert(itemPhotos)
    .values({
      id: staged.id,
      uploaderId: uploader.id,
      ...place,
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
      byteSize: photo.bytes.length,
    })
    .returning({ id: itemPhotos.id });
  if (!row) throw new Error('The new photo was not returned');
  await store.save(tx, row.id, photo.bytes, photo.cardBytes);
  return row.id;
}
