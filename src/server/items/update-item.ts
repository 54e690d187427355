import { eq, sql } from 'drizzle-orm';
import type { ItemFormValues } from '../../contract/schemas/item';
import type { Database, DbOrTx } from '../db/client';
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
/**
 * What else happens in the save's transaction, given by the composition
 * root (app.ts): the lending domain tells whoever waits for the item when
 * the save freed days (issue 35). A hook, because `items` may not import
 * `lending` (which imports `items`; docs/decisions/0046).
 */
export type AfterItemSaved = (tx: DbOrTx, itemId: string) => Promise<unknown>;

export async function updateItem(
  db: Database,
  actor: Actor,
  itemId: string,
  input: ItemFormValues,
  afterSaved?: AfterItemSaved,
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
    await afterSaved?.(tx, itemId);
  });
  return findOwnItem(db, actor, itemId);
}
