import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { AppError } from '../http/app-error';
import { items } from '../db/schema';
import { authorize, type Action, type Actor, type ItemAccess } from '../policies';
import { selectItemView, type OwnItemRow, type SharedItemRow } from './item-query';
import { visibleToViewer } from './item-visibility';

type ItemAction = Extract<Action, `item:${string}`>;

/** Someone who may not even read the item learns nothing about it: 404, not 403. */
function authorizeItemAccess(actor: Actor, access: ItemAccess, action: ItemAction): void {
  authorize(actor, 'item:read', access, { hideAs404: true });
  authorize(actor, action, access);
}

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
  authorizeItemAccess(actor, { ownerId: row.item.ownerId, visibleToActor: row.visibleToActor }, action);
  return row.item;
}

/** What a reader of one item gets: the owner's view, or the view of someone it is shared with. */
export type ItemView = { kind: 'own'; row: OwnItemRow } | { kind: 'shared'; row: SharedItemRow };

/**
 * Reads one item for `item:read` and returns the view the actor is
 * authorized for, from the same statement that decided the authorization
 * (`selectItemView`): one query, 404 for anyone it is not shared with.
 */
export async function authorizeItemView(db: DbOrTx, actor: Actor, itemId: string): Promise<ItemView> {
  const [row] = await selectItemView(db, actor.id, itemId);
  if (!row) throw AppError.notFound();
  authorizeItemAccess(actor, { ownerId: row.item.ownerId, visibleToActor: row.visibleToViewer }, 'item:read');
  const { item, ownerName, photoIds, createdAtExact, sharedWithCount, requestCounts, sharedViaGroups, promised } = row;
  const { unregisteredBorrower } = row;
  const base = { item, ownerName, photoIds, createdAtExact };
  if (item.ownerId === actor.id) {
    if (sharedWithCount === null || requestCounts === null) throw new Error('The owner view lacks its counts');
    return { kind: 'own', row: { ...base, sharedWithCount, requestCounts, unregisteredBorrower } };
  }
  if (sharedViaGroups === null || promised === null) throw new Error('The shared view lacks its groups');
  return { kind: 'shared', row: { ...base, sharedViaGroups, promised } };
}
