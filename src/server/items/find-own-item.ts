import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { items } from '../db/schema';
import type { Actor } from '../policies';
import { selectOwnItems, type OwnItemRow } from './item-query';

/** The owner's view of one of their items, read back after a change. */
export async function findOwnItem(db: DbOrTx, actor: Actor, itemId: string): Promise<OwnItemRow> {
  const [row] = await selectOwnItems(db, actor.id, eq(items.id, itemId));
  if (!row) throw new Error('The item could not be read back');
  return row;
}
