import { photoUrl, type OwnItem, type SharedItem } from '../../contract/schemas/item';
import type { ItemView } from './item-access';
import type { OwnItemRow, SharedItemRow } from './item-query';

type BaseRow = Pick<OwnItemRow, 'item' | 'ownerName' | 'photoIds'>;

/** Shapes every item response (spec §3 Item). Photos are addresses of the guarded photo route. */
function presentBase({ item, ownerName, photoIds }: BaseRow) {
  return {
    id: item.id,
    userId: item.ownerId,
    name: item.name,
    description: item.description,
    category: item.category,
    status: item.status,
    imageUrl: item.imageUrl,
    photos: photoIds.map((id) => ({ id, url: photoUrl(id) })),
    personalUseUntil: item.personalUseUntil,
    owner: { name: ownerName },
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function presentOwnItem(row: OwnItemRow): OwnItem {
  return {
    ...presentBase(row),
    sharedWithCount: row.sharedWithCount,
    requestCounts: row.requestCounts,
    unregisteredBorrower: row.unregisteredBorrower,
  };
}

export function presentSharedItem(row: SharedItemRow): SharedItem {
  return { ...presentBase(row), sharedViaGroups: row.sharedViaGroups, promised: row.promised };
}

/** GET /api/items/{id}: each reader gets the view they are authorized for (item-access.ts). */
export function presentItemView(view: ItemView): OwnItem | SharedItem {
  return view.kind === 'own' ? presentOwnItem(view.row) : presentSharedItem(view.row);
}
