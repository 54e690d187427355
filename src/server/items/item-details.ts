import type { Database } from '../db/client';
import type { Actor } from '../policies';
import { authorizeItemView, type ItemView } from './item-access';

/**
 * GET /api/items/{id}: the owner's view for the owner, the shared view for
 * anyone it reaches, 404 otherwise; one query (item-access.ts).
 */
export function getItemDetails(db: Database, actor: Actor, itemId: string): Promise<ItemView> {
  return authorizeItemView(db, actor, itemId);
}
