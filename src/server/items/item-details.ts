import { eq } from 'drizzle-orm';
import type { OwnItem, SharedItem } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import type { Actor } from '../policies';
import { findOwnItem } from './find-own-item';
import { authorizeItem } from './item-access';
import { presentOwnItem, presentSharedItem } from './item-presenter';
import { selectSharedItems } from './item-query';

/** GET /api/items/{id}: the owner's view for the owner, the shared view for anyone it reaches, 404 otherwise. */
export async function getItemDetails(db: Database, actor: Actor, itemId: string): Promise<OwnItem | SharedItem> {
  const item = await authorizeItem(db, actor, itemId, 'item:read');
  if (item.ownerId === actor.id) return presentOwnItem(await findOwnItem(db, actor, itemId));
  const [row] = await selectSharedItems(db, actor.id, eq(items.id, itemId));
  if (!row) throw new Error('A readable item was not found by the shared-items query');
  return presentSharedItem(row);
}
