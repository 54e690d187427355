import { eq, sql } from 'drizzle-orm';
import type { ItemFormValues } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import type { Actor } from '../policies';
import { setItemPhotos } from './attach-photos';
import { findOwnItem } from './find-own-item';
import { authorizeItem } from './item-access';
import type { OwnItemRow } from './item-query';

/**
 * PUT /api/items/{id}: the owner saves the edit dialog. The item row is
 * locked, so a save racing a lending step sees its result. A lent-out item
 * keeps `borrowed` (only taking it back ends that); the other fields change.
 */
export async function updateItem(
  db: Database,
  actor: Actor,
  itemId: string,
  input: ItemFormValues,
): Promise<OwnItemRow> {
  await db.transaction(async (tx) => {
    const item = await authorizeItem(tx, actor, itemId, 'item:update', { lock: true });
    await tx
      .update(items)
      .set({
        name: input.name,
        description: input.description,
        category: input.category,
        status: item.status === 'borrowed' ? 'borrowed' : input.status,
        imageUrl: input.imageUrl,
        personalUseUntil: input.personalUseUntil,
        updatedAt: sql`now()`,
      })
      .where(eq(items.id, itemId));
    await setItemPhotos(tx, actor, itemId, input.photoIds);
  });
  return findOwnItem(db, actor, itemId);
}
