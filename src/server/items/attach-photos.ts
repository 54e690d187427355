import type { DbOrTx } from '../db/client';
import { setPhotosOf } from '../db/photo-places';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';

/**
 * Makes `photoIds`, in this order, the item's photos, inside the caller's
 * transaction (db/photo-places.ts: the actor's unsaved uploads are attached,
 * the item's photos left out are deleted). Any other id refuses the whole
 * save: 422 photo_not_available.
 */
export async function setItemPhotos(tx: DbOrTx, actor: Actor, itemId: string, photoIds: readonly string[]) {
  if (!(await setPhotosOf(tx, actor.id, { itemId }, photoIds))) {
    throw new AppError('photo_not_available', 'A photo is not available to this item');
  }
}
