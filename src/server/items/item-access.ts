import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { AppError } from '../http/app-error';
import { items } from '../db/schema';
import { authorize, type Action, type Actor, type ItemAccess } from '../policies';
import { visibleToViewer } from './item-visibility';

type ItemAction = Extract<Action, `item:${string}`>;

/**
 * Loads the item (locked when the caller will change it) and checks `action`
 * through the policy module. An item the actor may not read answers 404, the
 * same as one that does not exist.
 */
export async function authorizeItem(
  db: DbOrTx,
  actor: Actor,
  itemId: string,
  action: ItemAction,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({ item: items, visibleToActor: sql<boolean>`${visibleToViewer(actor.id)}` })
    .from(items)
    .where(eq(items.id, itemId));
  const [row] = options.lock ? await query.for('update', { of: items }) : await query;
  if (!row) throw AppError.notFound();
  const access: ItemAccess = { ownerId: row.item.ownerId, visibleToActor: row.visibleToActor };
  // Someone who may not even read the item learns nothing about it: 404, not 403.
  authorize(actor, 'item:read', access, { hideAs404: true });
  authorize(actor, action, access);
  return row.item;
}
