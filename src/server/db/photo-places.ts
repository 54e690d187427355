import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { itemPhotos } from './schema';

/**
 * Where a saved photo is (db/schema/photos.ts): on an item, or on a loan
 * report (a condition entry or a problem report, issue 36).
 */
export type PhotoPlace = { itemId: string } | { reportId: string };

/**
 * An upload not yet saved with anything: on no item and no loan report. It
 * belongs to its uploader alone, counts towards the daily cap of unsaved
 * uploads and goes after a day (photos/upload-photo.ts). The partial index
 * item_photos_unattached_idx (db/schema/photos.ts) has the same condition,
 * so these reads use it.
 */
export const isUnsavedPhoto = () => and(isNull(itemPhotos.itemId), isNull(itemPhotos.reportId));

const onPlace = (place: PhotoPlace) =>
  'itemId' in place ? eq(itemPhotos.itemId, place.itemId) : eq(itemPhotos.reportId, place.reportId);

/**
 * Makes `photoIds`, in this order, the photos of `place`, inside the
 * caller's transaction: photos the uploader uploaded and has not saved yet
 * are attached, the place's own photos keep their place, the place's photos
 * left out are deleted (their bytes go with them). Any other id (someone
 * else's upload, another item's or report's photo, a deleted one) makes it
 * answer false, having deleted nothing: the caller refuses the whole save
 * (422 photo_not_available) and its transaction rolls back.
 */
export async function setPhotosOf(
  tx: DbOrTx,
  uploaderId: string,
  place: PhotoPlace,
  photoIds: readonly string[],
): Promise<boolean> {
  if (photoIds.length > 0) {
    const attached = await tx
      .update(itemPhotos)
      .set({
        ...place,
        position: sql`array_position(${sql.param(photoIds)}::uuid[], ${itemPhotos.id}) - 1`,
      })
      .where(
        and(
          inArray(itemPhotos.id, [...photoIds]),
          or(onPlace(place), and(isUnsavedPhoto(), eq(itemPhotos.uploaderId, uploaderId))),
        ),
      )
      .returning({ id: itemPhotos.id });
    if (attached.length !== photoIds.length) return false;
  }
  await tx
    .delete(itemPhotos)
    .where(photoIds.length > 0 ? and(onPlace(place), notInArray(itemPhotos.id, [...photoIds])) : onPlace(place));
  return true;
}
