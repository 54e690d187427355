import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { itemPhotos } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';

/**
 * Makes `photoIds`, in this order, the item's photos, inside the caller's
 * transaction: photos the actor uploaded and has not saved yet are attached,
 * the item's own photos keep their place, the item's photos left out are
 * deleted (their bytes go with them). Any other id (someone else's upload,
 * another item's photo, a deleted one) refuses the whole save.
 */
export async function setItemPhotos(tx: DbOrTx, actor: Actor, itemId: string, photoIds: readonly string[]) {
  if (photoIds.length > 0) {
    const attached = await tx
      .update(itemPhotos)
      .set({
        itemId,
        position: sql`array_position(${sql.param(photoIds)}::uuid[], ${itemPhotos.id}) - 1`,
      })
      .where(
        and(
          inArray(itemPhotos.id, [...photoIds]),
          or(eq(itemPhotos.itemId, itemId), and(isNull(itemPhotos.itemId), eq(itemPhotos.uploaderId, actor.id))),
        ),
      )
      .returning({ id: itemPhotos.id });
    if (attached.length !== photoIds.length) {
      throw new AppError('photo_not_available', 'A photo is not available to this item');
    }
  }
  await tx
    .delete(itemPhotos)
    .where(
      photoIds.length > 0
        ? and(eq(itemPhotos.itemId, itemId), notInArray(itemPhotos.id, [...photoIds]))
        : eq(itemPhotos.itemId, itemId),
    );
}
