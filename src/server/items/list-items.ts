import { eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AvailableStatusFilter } from '../../contract/schemas/item';
import type { ItemCategory } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { items, users } from '../db/schema';
import type { Actor } from '../policies';
import { decodeItemCursor, encodeItemCursor } from './item-cursor';
import { selectOwnItems, selectSharedItemsPage, type OwnItemRow, type SharedItemRow } from './item-query';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import { likePattern, parseSearch } from './search-terms';
import { selectSearchPage } from './search-visible-items';

/** My Items: every item of the actor (the page filters and counts them itself). */
export function listOwnItems(db: DbOrTx, actor: Actor): Promise<OwnItemRow[]> {
  return selectOwnItems(db, actor.id);
}

export interface AvailableItemsFilter {
  q?: string;
  category: ItemCategory | 'all';
  status: AvailableStatusFilter;
  cursor?: string;
  limit: number;
}

/**
 * Available Items (spec §2): what others share with the actor, newest first,
 * filtered in the database, one page at a time with a stable (created_at, id)
 * cursor. One query per page whatever the data size, and its cost follows the
 * page size, not the number of items shared with the actor (item-visibility.ts).
 * A search with words is ranked by relevance instead, with a (rank,
 * created_at, id) cursor (search-visible-items.ts); input without a word of
 * two letters or more ("%", "a") stays a newest-first substring match.
 */
export async function listAvailableItems(
  db: DbOrTx,
  actor: Actor,
  filter: AvailableItemsFilter,
): Promise<{ rows: SharedItemRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  const terms = filter.q ? parseSearch(filter.q) : null;
  if (filter.q && !terms) {
    const pattern = likePattern(filter.q);
    conditions.push(
      sql`(${ilike(items.name, pattern)} OR ${ilike(items.description, pattern)} OR ${ilike(users.name, pattern)})`,
    );
  }
  if (filter.category !== 'all') conditions.push(eq(items.category, filter.category));
  // "In use" covers everything that is not at the owner's disposal: in use by the owner or lent out.
  if (filter.status === 'available') conditions.push(eq(items.status, 'available'));
  if (filter.status === 'in_use') conditions.push(inArray(items.status, ['in_use', 'borrowed']));
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : undefined;
  if (terms) {
    const after = filter.cursor ? decodeSearchCursor(filter.cursor) : undefined;
    const rows = await selectSearchPage(db, actor.id, { terms, where, after, take: filter.limit + 1 });
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > filter.limit && last
        ? encodeSearchCursor({ rank: last.searchRank, createdAt: last.createdAtExact, id: last.item.id })
        : null;
    return { rows: page, nextCursor };
  }
  const after = filter.cursor ? decodeItemCursor(filter.cursor) : undefined;
  const rows = await selectSharedItemsPage(db, actor.id, { where, after, take: filter.limit + 1 });
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filter.limit && last ? encodeItemCursor({ createdAt: last.createdAtExact, id: last.item.id }) : null;
  return { rows: page, nextCursor };
}
