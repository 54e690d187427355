import { sql, type SQL } from 'drizzle-orm';
import { contacts, groupMembers, itemContactPermissions, itemGroupPermissions, items } from '../db/schema';

/**
 * THE visibility rule (ARCHITECTURE.md "Who sees an item"), as SQL. Another
 * user sees an item only through a path its owner chose and that still holds:
 *
 * - the owner ticked "Can see" for them AND they are still one of the owner's
 *   registered contacts (removing the contact hides the item at once), or
 * - the owner shared it with a group AND both are still members of it
 *   (leaving, being removed or the group being deleted hides it at once).
 *
 * Written as "item id in the viewer's candidate set" so PostgreSQL starts from
 * the viewer's own shares and memberships (indexed) instead of every item.
 * The owner is not part of this set: callers add `owner_id = viewer` where the
 * owner's view is meant.
 */
export function visibleToViewer(viewerId: string): SQL {
  return sql`${items.id} IN (
    SELECT icp.item_id
      FROM ${itemContactPermissions} icp
      JOIN ${items} shared ON shared.id = icp.item_id
      JOIN ${contacts} c ON c.user_id = shared.owner_id AND c.contact_user_id = icp.contact_user_id
     WHERE icp.contact_user_id = ${viewerId} AND icp.can_view
    UNION
    SELECT igp.item_id
      FROM ${groupMembers} viewer
      JOIN ${itemGroupPermissions} igp ON igp.group_id = viewer.group_id AND igp.can_view
      JOIN ${items} shared ON shared.id = igp.item_id
      JOIN ${groupMembers} owner ON owner.group_id = igp.group_id AND owner.user_id = shared.owner_id
     WHERE viewer.user_id = ${viewerId}
  )`;
}

/**
 * The groups through which the item reached the viewer (spec §2 "shared via"):
 * shared with the group, and both still members. A correlated subquery, so a
 * page of items costs one query.
 */
export function sharedViaGroupsFor(viewerId: string): SQL<{ id: string; name: string }[]> {
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
