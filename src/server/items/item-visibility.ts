import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { blockBetween, blockedEitherWay } from '../blocks/block-sql';
import { contacts, groupMembers, itemContactPermissions, itemGroupPermissions, items, users } from '../db/schema';

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
 * This form judges one row of `items` in the surrounding query: two EXISTS
 * probes through the permission tables' primary keys, a fraction of a
 * millisecond however much the viewer's network shares. (It used to be
 * "item id in the viewer's whole visible set", which built that set, 1,500
 * items for a typical member of the benchmark's community, for every single
 * item read: docs/performance.md.) Lists use `visibleItemsPage`, the same
 * rule driven from the viewer's side. The owner is not part of this rule:
 * callers add `owner_id = viewer` where the owner's view is meant.
 */
export function visibleToViewer(viewerId: Bound<string>): SQL {
  return sql`((EXISTS (
    SELECT 1
      FROM ${itemContactPermissions} icp
      JOIN ${contacts} c ON c.user_id = ${items.ownerId} AND c.contact_user_id = icp.contact_user_id
     WHERE icp.item_id = ${items.id} AND icp.contact_user_id = ${viewerId} AND icp.can_view
  ) OR EXISTS (
    SELECT 1
      FROM ${itemGroupPermissions} igp
      JOIN ${groupMembers} viewer ON viewer.group_id = igp.group_id AND viewer.user_id = ${viewerId}
      JOIN ${groupMembers} owner ON owner.group_id = igp.group_id AND owner.user_id = ${items.ownerId}
     WHERE igp.item_id = ${items.id} AND igp.can_view
  )) AND NOT ${blockBetween(sql`${viewerId}::uuid`, sql`${items.ownerId}`)})`;
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
 * of items shared with them.
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
 * The rest of the rule is checked per share (written as joins,
 * PostgreSQL, which cannot know that owners share with their own groups,
 * would rather join every item of every co-member and sort them). Without
 * filters that is one probe: the share's copy of the owner (drizzle/0018)
 * against the owner's contact entry or membership. Filters add the item and
 * its owner's row. Blocks are one array computed once per statement
 * (`blockedEitherWay`), not two probes per share.
 *
 * `where` refers to `items` and `users` by name; inside each stream those
 * names are the stream's own joined rows.
 */
export function visibleItemsPage(viewerId: Bound<string>, page: VisibleItemsPage): SQL {
  const blocked = blockedEitherWay(sql`${viewerId}::uuid`);
  const after = (createdAt: SQL, id: SQL) =>
    page.after
      ? sql`AND (${createdAt}, ${id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
      : sql``;
  // Without filters a share is judged by itself and one probe: its copy of
  // the item's owner (drizzle/0018) against the owner's contact entry or
  // membership. Filters name the item and its owner's row, so they join them.
  // The probe is a scalar subquery with LIMIT, not EXISTS: PostgreSQL would
  // turn a bare EXISTS into a hash join and, on a next page, read every
  // share of the group before the cursor (2,300 buffers instead of the page's
  // own rows; docs/performance.md, round 3).
  const contactShareHolds = page.where
    ? sql`EXISTS (
               SELECT 1
                 FROM ${items}
                 JOIN ${users} ON ${users.id} = ${items.ownerId}
                 JOIN ${contacts} c ON c.user_id = ${items.ownerId} AND c.contact_user_id = icp.contact_user_id
                WHERE ${items.id} = icp.item_id AND ${items.ownerId} <> ${viewerId} AND ${page.where}
                  AND NOT (${items.ownerId} = ANY (${blocked})))`
    : sql`icp.item_owner_id <> ${viewerId} AND NOT (icp.item_owner_id = ANY (${blocked}))
             AND COALESCE((
               SELECT true FROM ${contacts} c
                WHERE c.user_id = icp.item_owner_id AND c.contact_user_id = icp.contact_user_id
                LIMIT 1), false)`;
  const groupShareHolds = page.where
    ? sql`EXISTS (
               SELECT 1
                 FROM ${items}
                 JOIN ${users} ON ${users.id} = ${items.ownerId}
                 JOIN ${groupMembers} owner ON owner.group_id = igp.group_id AND owner.user_id = ${items.ownerId}
                WHERE ${items.id} = igp.item_id AND ${items.ownerId} <> ${viewerId} AND ${page.where}
                  AND NOT (${items.ownerId} = ANY (${blocked})))`
    : sql`igp.item_owner_id <> ${viewerId} AND NOT (igp.item_owner_id = ANY (${blocked}))
             AND COALESCE((
               SELECT true FROM ${groupMembers} owner
                WHERE owner.group_id = igp.group_id AND owner.user_id = igp.item_owner_id
                LIMIT 1), false)`;
  return sql`
  SELECT feed.item_id
    FROM ((
      SELECT icp.item_id, icp.item_created_at
        FROM ${itemContactPermissions} icp
       WHERE icp.contact_user_id = ${viewerId} AND icp.can_view
             ${after(sql`icp.item_created_at`, sql`icp.item_id`)}
             AND ${contactShareHolds}
       ORDER BY icp.item_created_at DESC NULLS LAST, icp.item_id DESC NULLS LAST
       LIMIT ${page.take}
    ) UNION ALL
    SELECT stream.item_id, stream.item_created_at
      FROM ${groupMembers} viewer
     CROSS JOIN LATERAL (
      SELECT igp.item_id, igp.item_created_at
        FROM ${itemGroupPermissions} igp
       WHERE igp.group_id = viewer.group_id AND igp.can_view
             ${after(sql`igp.item_created_at`, sql`igp.item_id`)}
             AND ${groupShareHolds}
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
 * shared with the group, and both still members. A correlated subquery, so a
 * page of items costs one query.
 */
export function sharedViaGroupsFor(viewerId: Bound<string>): SQL<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }[]>`COALESCE((
    SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
      FROM ${itemGroupPermissions} igp
      JOIN groups g ON g.id = igp.group_id
      JOIN ${groupMembers} viewer ON viewer.group_id = igp.group_id AND viewer.user_id = ${viewerId}
      JOIN ${groupMembers} owner ON owner.group_id = igp.group_id AND owner.user_id = ${items.ownerId}
     WHERE igp.item_id = ${items.id} AND igp.can_view
  ), '[]'::json)`;
}

/**
 * How many people and groups the owner's choices currently reach: ticked
 * registered contacts plus shared groups the owner still belongs to.
 */
export const sharedWithCount: SQL<number> = sql<number>`(
  (SELECT count(*) FROM ${itemContactPermissions} icp
     JOIN ${contacts} c ON c.user_id = ${items.ownerId} AND c.contact_user_id = icp.contact_user_id
    WHERE icp.item_id = ${items.id} AND icp.can_view)
  + (SELECT count(*) FROM ${itemGroupPermissions} igp
     JOIN ${groupMembers} owner ON owner.group_id = igp.group_id AND owner.user_id = ${items.ownerId}
    WHERE igp.item_id = ${items.id} AND igp.can_view)
)::int`;

/**
 * `sharedWithCount` for a list of one owner's items (My Items): the owner's
 * registered contacts and groups are read once per statement, as arrays (an
 * InitPlan each), where the correlated form rebuilt a hash of the owner's
 * contacts for every item (docs/performance.md, round 3). Same rule, same
 * numbers; only for rows whose owner is `ownerId`.
 */
export function sharedWithCountOfOwner(ownerId: Bound<string>): SQL<number> {
  return sql<number>`(
  (SELECT count(*) FROM ${itemContactPermissions} icp
    WHERE icp.item_id = ${items.id} AND icp.can_view
      AND icp.contact_user_id = ANY (ARRAY(
        SELECT c.contact_user_id FROM ${contacts} c WHERE c.user_id = ${ownerId}::uuid AND c.contact_user_id IS NOT NULL)))
  + (SELECT count(*) FROM ${itemGroupPermissions} igp
    WHERE igp.item_id = ${items.id} AND igp.can_view
      AND igp.group_id = ANY (ARRAY(SELECT owner.group_id FROM ${groupMembers} owner WHERE owner.user_id = ${ownerId}::uuid)))
)::int`;
}
