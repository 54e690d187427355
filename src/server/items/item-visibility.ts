import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { blockBetween, blockedEitherWay } from '../relations/block-sql';
import { groupMembers, itemContactPermissions, itemGroupPermissions, items, users } from '../db/schema';

/**
 * THE visibility rule (ARCHITECTURE.md "Who sees an item"), as SQL. Another
 * user sees an item only through a path its owner chose and that still holds:
 *
 * - the owner ticked "Can see" for them AND they are still one of the owner's
 *   registered contacts (removing the contact hides the item at once), or
 * - the owner shared it with a group AND both are still members of it
 *   (leaving, being removed or the group being deleted hides it at once);
 *
 * and never across a block, in either direction (docs/decisions/0018): the
 * items of someone you blocked, or who blocked you, vanish both ways.
 *
 * The owner's side of a path ("still one of the owner's registered contacts",
 * "the owner still a member") is each share's `path_holds`, which triggers
 * keep as contact entries and memberships come and go (drizzle/0019;
 * `share-path-holds.test.ts` holds it to the rule written out in full).
 *
 * This form judges one row of `items` in the surrounding query: two EXISTS
 * probes through the permission tables' primary keys, a fraction of a
 * millisecond however much the viewer's network shares. (It used to be
 * "item id in the viewer's whole visible set", which built that set, 1,500
 * items for a typical member of the benchmark's community, for every single
 * item read: docs/performance.md.) Lists use `visibleItemsPage`, the same
 * rule driven from the viewer's side. The owner is not part of this rule:
 * callers add `owner_id = viewer` where the owner's view is meant.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 */
export function visibleToViewer(viewerId: Bound<string> | SQL): SQL {
  return sql`((EXISTS (
    SELECT 1 FROM ${itemContactPermissions} icp
     WHERE icp.item_id = ${items.id} AND icp.contact_user_id = ${viewerId} AND icp.can_view AND icp.path_holds
  ) OR EXISTS (
    SELECT 1 FROM ${itemGroupPermissions} igp
     WHERE igp.item_id = ${items.id} AND igp.group_id = ANY (${viewerGroups(viewerId)}) AND igp.can_view AND igp.path_holds
  )) AND NOT ${blockBetween(sql`${viewerId}::uuid`, sql`${items.ownerId}`)})`;
}

/**
 * The viewer's groups as a uuid[]. Uncorrelated, so PostgreSQL reads them
 * once per statement (an InitPlan), and each item's group shares are one
 * index-only probe (`item_group_permissions_visible_item_idx`) instead of a
 * membership probe per share.
 */
function viewerGroups(viewerId: Bound<string> | SQL): SQL {
  return sql`ARRAY(SELECT member.group_id FROM ${groupMembers} member WHERE member.user_id = ${viewerId}::uuid)`;
}

/** A value bound per call, or a placeholder of a query prepared once (db/prepared.ts). */
export type Bound<T> = T | Placeholder;

export interface VisibleItemsPage {
  /** Filters on `items` and its owner `users` (search, category, status). */
  where?: SQL;
  /** Only items after this one in newest-first order (the page cursor). */
  after?: { createdAt: Bound<string>; id: Bound<string> };
  /** How many items the page needs. */
  take: Bound<number>;
}

/**
 * The ids of the newest `take` items (newest first, ties by id) that the
 * viewer may see and that match `where`: the same rule as `visibleToViewer`,
 * driven from the viewer's side so the cost does not grow with the number
 * of items shared with them. Each row also names the groups the item
 * reached the viewer through (`group_ids`, spec §2 "shared via"): an item
 * on the page is among the first `take` of every stream it is in (those
 * ahead of it in a stream are ahead of it on the page too), so the streams
 * that yielded it are all its group paths, and "shared via" needs no probe
 * of its own (`sharedViaGroupsAmong`).
 *
 * Each path is a stream already sorted by the item's creation time: the
 * viewer's contact shares (item_contact_permissions_viewer_feed_idx) and,
 * for each group the viewer belongs to, the group's shares
 * (item_group_permissions_group_feed_idx), both ordered by `item_created_at`,
 * a copy of items.created_at a trigger keeps (drizzle/0006). Every stream
 * stops after `take` matching items; an item in the overall first `take` is
 * among the first `take` of any stream it is in, so the union holds the page.
 * The union is cut to the newest `take` distinct items before anything else
 * is read, so the caller joins `take` items, not every stream's (about 120
 * for a member of six groups; docs/performance.md, round 3).
 *
 * Each stream reads only shares whose path holds (`can_view AND path_holds`,
 * the partial `*_visible_feed_idx` indexes, which carry the owner in their
 * leaves): without filters a stream is an index-only range scan whose rows
 * need no probe at all, only the check that the owner is not the viewer and
 * is not on the viewer's side of a block. Blocks are one array computed once
 * per statement (`blockedEitherWay`). Filters name the item and its owner's
 * row, so they join them per share.
 *
 * `where` refers to `items` and `users` by name; inside each stream those
 * names are the stream's own joined rows.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: item_created_at via item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql) and items_shares_follow_created_at (drizzle/0006_item_share_feed_order.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: item_owner_id via item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql) and items_shares_follow_owner (drizzle/0018_share_item_owner.sql); see docs/database-rules.md.
 */
export function visibleItemsPage(viewerId: Bound<string>, page: VisibleItemsPage): SQL {
  const blocked = blockedEitherWay(sql`${viewerId}::uuid`);
  const after = (createdAt: SQL, id: SQL) =>
    page.after
      ? sql`AND (${createdAt}, ${id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
      : sql``;
  const ownerAllowed = (ownerId: SQL) => sql`${ownerId} <> ${viewerId} AND NOT (${ownerId} = ANY (${blocked}))`;
  const shareHolds = (share: SQL) =>
    page.where
      ? sql`EXISTS (
               SELECT 1
                 FROM ${items}
                 JOIN ${users} ON ${users.id} = ${items.ownerId}
                WHERE ${items.id} = ${share}.item_id AND ${ownerAllowed(sql`${items.ownerId}`)} AND ${page.where})`
      : ownerAllowed(sql`${share}.item_owner_id`);
  return sql`
  SELECT feed.item_id, array_agg(feed.group_id) FILTER (WHERE feed.group_id IS NOT NULL) AS group_ids
    FROM ((
      SELECT icp.item_id, icp.item_created_at, NULL::uuid AS group_id
        FROM ${itemContactPermissions} icp
       WHERE icp.contact_user_id = ${viewerId} AND icp.can_view AND icp.path_holds
             ${after(sql`icp.item_created_at`, sql`icp.item_id`)}
             AND ${shareHolds(sql`icp`)}
       ORDER BY icp.item_created_at DESC NULLS LAST, icp.item_id DESC NULLS LAST
       LIMIT ${page.take}
    ) UNION ALL
    SELECT stream.item_id, stream.item_created_at, viewer.group_id
      FROM ${groupMembers} viewer
     CROSS JOIN LATERAL (
      SELECT igp.item_id, igp.item_created_at
        FROM ${itemGroupPermissions} igp
       WHERE igp.group_id = viewer.group_id AND igp.can_view AND igp.path_holds
             ${after(sql`igp.item_created_at`, sql`igp.item_id`)}
             AND ${shareHolds(sql`igp`)}
       ORDER BY igp.item_created_at DESC NULLS LAST, igp.item_id DESC NULLS LAST
       LIMIT ${page.take}
     ) stream
     WHERE viewer.user_id = ${viewerId}) feed
   GROUP BY feed.item_id, feed.item_created_at
   ORDER BY feed.item_created_at DESC NULLS LAST, feed.item_id DESC
   LIMIT ${page.take}`;
}

/**
 * The groups through which the item reached the viewer (spec §2 "shared via"):
 * shared with the group, the owner still a member (`path_holds`) and the
 * viewer one too. A correlated subquery, so a page of items costs one query.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 */
export function sharedViaGroupsFor(viewerId: Bound<string>): SQL<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }[]>`COALESCE((
    SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
      FROM ${itemGroupPermissions} igp
      JOIN groups g ON g.id = igp.group_id
     WHERE igp.item_id = ${items.id} AND igp.group_id = ANY (${viewerGroups(viewerId)}) AND igp.can_view AND igp.path_holds
  ), '[]'::json)`;
}

/**
 * "Shared via" for a row of `visibleItemsPage`: the names of the groups its
 * streams came from (`groupIds`, that row's `group_ids`), a primary-key
 * probe per group, the same answer as `sharedViaGroupsFor`.
 */
export function sharedViaGroupsAmong(groupIds: SQL): SQL<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }[]>`COALESCE((
    SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
      FROM groups g WHERE g.id = ANY (${groupIds})
  ), '[]'::json)`;
}

/**
 * How many people and groups the owner's choices currently reach: ticked
 * registered contacts plus shared groups the owner still belongs to, the
 * shares whose path holds. Two ranges of the shares' primary keys per item:
 * it reads none of the owner's contacts or memberships (docs/performance.md,
 * round 3, third pass).
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 */
export const sharedWithCount: SQL<number> = sql<number>`(
  (SELECT count(*) FROM ${itemContactPermissions} icp
    WHERE icp.item_id = ${items.id} AND icp.can_view AND icp.path_holds)
  + (SELECT count(*) FROM ${itemGroupPermissions} igp
    WHERE igp.item_id = ${items.id} AND igp.can_view AND igp.path_holds)
)::int`;
