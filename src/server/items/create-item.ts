import type { ItemFormValues } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import type { Actor } from '../policies';
import { setItemPhotos } from './attach-photos';
import { findOwnItem } from './find-own-item';
import type { OwnItemRow } from './item-query';

/** Creates an item with its uploaded photos in one transaction (spec §7 POST /api/items). */
export async function createItem(db: Database, actor: Actor, input: ItemFormValues): Promise<OwnItemRow> {
  const id = await db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({
        ownerId: actor.id,
        name: input.name,
        description: input.description,
        category: input.category,
        status: input.status,
        imageUrl: input.imageUrl,
        personalUseUntil: input.personalUseUntil,
      })
      .returning({ id: items.id });
    if (!item) throw new Error('The new item was not returned');
    await setItemPhotos(tx, actor, item.id, input.photoIds);
    return item.id;
  });
  return findOwnItem(db, actor, id);
}
