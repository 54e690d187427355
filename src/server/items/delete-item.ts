import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';
import { authorizeItem } from './item-access';

/**
 * DELETE /api/items/{id}: refused while the item is lent out (the borrower
 * still has it). Otherwise its shares, photos and requests go with it
 * (foreign keys cascade); messages keep their text and lose the link.
 */
export async function deleteItem(db: Database, actor: Actor, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await authorizeItem(tx, actor, itemId, 'item:delete', { lock: true });
    if (item.status === 'borrowed') throw new AppError('item_lent_out', 'The item is lent out');
    await tx.delete(items).where(eq(items.id, itemId));
  });
}
