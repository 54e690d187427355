import { sql } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { contacts, groupMembers, itemContactPermissions, itemGroupPermissions, items } from '../db/schema';

/**
 * Everyone but the owner who may see the item right now: the visibility rule
 * of item-visibility.ts read from the item's side (a ticked registered
 * contact who is still the owner's contact, or a member of a shared group the
 * owner still belongs to; never across a block, docs/decisions/0018). One statement, for addressing `items_changed`
 * events; visibility-matrix tests keep it in step with `visibleToViewer`.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 */
export async function selectItemViewers(db: DbOrTx, itemId: string): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    SELECT viewers.user_id FROM (
    SELECT icp.contact_user_id AS user_id, shared.owner_id
      FROM ${itemContactPermissions} icp
      JOIN ${items} shared ON shared.id = icp.item_id
      JOIN ${contacts} c ON c.user_id = shared.owner_id AND c.contact_user_id = icp.contact_user_id
     WHERE icp.item_id = ${itemId} AND icp.can_view
    UNION
    SELECT viewer.user_id, shared.owner_id
      FROM ${itemGroupPermissions} igp
      JOIN ${items} shared ON shared.id = igp.item_id
      JOIN ${groupMembers} owner ON owner.group_id = igp.group_id AND owner.user_id = shared.owner_id
      JOIN ${groupMembers} viewer ON viewer.group_id = igp.group_id
     WHERE igp.item_id = ${itemId} AND igp.can_view AND viewer.user_id <> shared.owner_id
    ) viewers
    WHERE NOT ${blockBetween(sql`viewers.user_id`, sql`viewers.owner_id`)}
  `);
  return result.rows.map((row) => row.user_id);
}

/** The members of a group other than `exceptUserId` (the sharing owner), one statement. */
export async function selectGroupMembersExcept(db: DbOrTx, groupId: string, exceptUserId: string): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    SELECT gm.user_id FROM ${groupMembers} gm WHERE gm.group_id = ${groupId} AND gm.user_id <> ${exceptUserId}
  `);
  return result.rows.map((row) => row.user_id);
}
