import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { itemPhotos, items, lendingRequests, users } from '../db/schema';
import {
  sharedViaGroupsAmong,
  sharedViaGroupsFor,
  sharedWithCount,
  visibleItemsPage,
  visibleToViewer,
  type Bound,
  type VisibleItemsPage,
} from './item-visibility';

/** Photo ids of the item in display order (ids only: the bytes never leave the photo route). */
const photoIds = sql<string[]>`COALESCE((
  SELECT json_agg(${itemPhotos.id} ORDER BY ${itemPhotos.position}, ${itemPhotos.id})
    FROM ${itemPhotos} WHERE ${itemPhotos.itemId} = ${items.id}
), '[]'::json)`;

/**
 * Spec §2 My Items badges: pending, accepted (incl. handed out) and all other
 * requests. A loan the owner recorded (issue 19) is no request: not counted.
 */
const requestCounts = sql<{ pending: number; accepted: number; other: number }>`(
  SELECT json_build_object(
    'pending', count(*) FILTER (WHERE lr.status = 'pending'),
    'accepted', count(*) FILTER (WHERE lr.status IN ('accepted', 'borrowed')),
    'other', count(*) FILTER (WHERE lr.status NOT IN ('pending', 'accepted', 'borrowed')))
    FROM ${lendingRequests} lr WHERE lr.item_id = ${items.id} AND lr.origin = 'request'
)`;

/**
 * Who has the item when its owner recorded the loan for someone without an
 * account (issue 19): no lending request in the owner's lists names them, so
 * the card gets the name here. Probed through the one-active-loan index.
 */
const unregisteredBorrower = sql<{ loanId: string; name: string; expectedReturnDate: string | null } | null>`(
  SELECT json_build_object('loanId', lr.id, 'name', lr.borrower_name, 'expectedReturnDate', lr.expected_return_date)
    FROM ${lendingRequests} lr
   WHERE lr.item_id = ${items.id} AND lr.status IN ('accepted', 'borrowed') AND lr.requester_id IS NULL
   LIMIT 1
)`;

/**
 * An accepted request waits for the hand-over (the item is still at the
 * owner's). A scalar subquery with LIMIT, probed through the one-active-request
 * index for each item on the page: written as EXISTS, PostgreSQL may instead
 * hash every accepted request in the database first (3 ms at 100,000 items,
 * growing with them; docs/performance.md).
 */
const promised = sql<boolean>`COALESCE((
  SELECT true FROM ${lendingRequests} lr WHERE lr.item_id = ${items.id} AND lr.status = 'accepted' LIMIT 1
), false)`;

const baseColumns = {
  item: items,
  ownerName: users.name,
  photoIds,
  /** Full precision, for the pagination cursor (a JS Date would drop the microseconds). */
  createdAtExact: sql<string>`${items.createdAt}::text`,
};

function ownItemsQuery(db: DbOrTx, ownerId: string | Placeholder, where?: SQL) {
  return db
    .select({ ...baseColumns, sharedWithCount, requestCounts, unregisteredBorrower })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(and(eq(items.ownerId, ownerId), where))
    .orderBy(desc(items.createdAt), desc(items.id));
}
export type OwnItemRow = Awaited<ReturnType<typeof ownItemsQuery>>[number];

/** My Items, the app's most asked page: built once (db/prepared.ts). */
const preparedOwnItems = preparedPerHandle((db) => ownItemsQuery(db, sql.placeholder('ownerId')).prepare('own_items'));

/** The owner's items with their shares and request counts: one query whatever their number. */
export function selectOwnItems(db: DbOrTx, ownerId: string, where?: SQL): Promise<OwnItemRow[]> {
  if (where) return ownItemsQuery(db, ownerId, where);
  return preparedOwnItems(db).execute({ ownerId });
}

/** The columns of another person's item as the viewer sees it (Available Items, search). */
export const sharedColumns = (viewerId: Bound<string>) => ({
  ...baseColumns,
  sharedViaGroups: sharedViaGroupsFor(viewerId),
  promised,
});

/**
 * Other people's items the viewer may see, judged row by row (the visibility
 * rule is in the WHERE clause): for single items, which `where` names.
 */
export function selectSharedItems(db: DbOrTx, viewerId: string, where?: SQL) {
  return db
    .select(sharedColumns(viewerId))
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(and(sql`${items.ownerId} <> ${viewerId}`, visibleToViewer(viewerId), where))
    .orderBy(desc(items.createdAt), desc(items.id))
    .$dynamic();
}
export type SharedItemRow = Awaited<ReturnType<typeof selectSharedItems>>[number];

function sharedItemsPageQuery(db: DbOrTx, viewerId: Bound<string>, page: VisibleItemsPage) {
  // The page's items joined to the streams' rows, which also carry the groups each came through.
  const feed = sql`(${visibleItemsPage(viewerId, page)}) AS feed`;
  return db
    .select({ ...sharedColumns(viewerId), sharedViaGroups: sharedViaGroupsAmong(sql`feed.group_ids`) })
    .from(items)
    .innerJoin(feed, sql`feed.item_id = ${items.id}`)
    .innerJoin(users, eq(users.id, items.ownerId))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(page.take);
}

/**
 * Available Items without filters, the page everyone opens, and the pages
 * after it: built once each (db/prepared.ts).
 */
const preparedFirstPage = preparedPerHandle((db) =>
  sharedItemsPageQuery(db, sql.placeholder('viewerId'), { take: sql.placeholder('take') }).prepare(
    'available_items_first',
  ),
);
const preparedNextPage = preparedPerHandle((db) =>
  sharedItemsPageQuery(db, sql.placeholder('viewerId'), {
    take: sql.placeholder('take'),
    after: { createdAt: sql.placeholder('afterCreatedAt'), id: sql.placeholder('afterId') },
  }).prepare('available_items_next'),
);

/**
 * One page of Available Items: the viewer's visible items matching the
 * page's filters, newest first, `take` at most, in one statement whose cost
 * does not grow with the number of items shared with the viewer
 * (`visibleItemsPage`).
 */
export function selectSharedItemsPage(
  db: DbOrTx,
  viewerId: string,
  page: { where?: SQL; after?: { createdAt: string; id: string }; take: number },
): Promise<SharedItemRow[]> {
  if (page.where) return sharedItemsPageQuery(db, viewerId, page);
  if (!page.after) return preparedFirstPage(db).execute({ viewerId, take: page.take });
  return preparedNextPage(db).execute({
    viewerId,
    take: page.take,
    afterCreatedAt: page.after.createdAt,
    afterId: page.after.id,
  });
}

/**
 * One item as `viewerId` may see it, in one statement: the columns of both
 * views and whether the visibility rule lets the viewer read it. The owner's
 * counts are computed only for the owner and the "shared via" groups and
 * promise only for someone else (CASE evaluates just the branch it takes),
 * so each side gets exactly its own view's columns. The caller authorizes
 * (items/item-access.ts) before anything is shown.
 */
export function selectItemView(db: DbOrTx, viewerId: string, itemId: string) {
  const isOwner = sql`${items.ownerId} = ${viewerId}`;
  return db
    .select({
      ...baseColumns,
      visibleToViewer: sql<boolean>`${visibleToViewer(viewerId)}`,
      sharedWithCount: sql<number | null>`CASE WHEN ${isOwner} THEN ${sharedWithCount} END`,
      requestCounts: sql<OwnItemRow['requestCounts'] | null>`CASE WHEN ${isOwner} THEN ${requestCounts} END`,
      unregisteredBorrower: sql<
        OwnItemRow['unregisteredBorrower']
      >`CASE WHEN ${isOwner} THEN ${unregisteredBorrower} END`,
      sharedViaGroups: sql<
        SharedItemRow['sharedViaGroups'] | null
      >`CASE WHEN NOT ${isOwner} THEN ${sharedViaGroupsFor(viewerId)} END`,
      promised: sql<boolean | null>`CASE WHEN NOT ${isOwner} THEN ${promised} END`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(eq(items.id, itemId));
}

/** The bare item row, optionally locked for an update in the same transaction. */
export async function findItemRow(db: DbOrTx, itemId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(items).where(eq(items.id, itemId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
