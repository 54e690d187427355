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

/**
 * Writes a photo processPhoto has made: its `item_photos` row (uploaded by
 * `uploader`), then its bytes and card copy in the store, both inside the
 * caller's transaction, so the row never stands without its bytes. Returns
 * the new photo's id.
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
  photo: ProcessedPhoto,
  place?: ItemPhotoPlace,
): Promise<string> {
  const [row] = await tx
    .insert(itemPhotos)
    .values({
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
