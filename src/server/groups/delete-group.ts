import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groups } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { accessOf, findGroup } from './group-query';

/**
 * Admin deletes the group. Memberships, join requests and the group's item
 * shares go with it (ON DELETE CASCADE), in the same statement, so members
 * lose access at once.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function deleteGroup(db: Database, actor: Actor, groupId: string): Promise<void> {
  const row = await findGroup(db, actor.id, groupId);
  if (!row) throw AppError.notFound('Group not found');
  authorize(actor, 'group:read', accessOf(row, actor.id), { hideAs404: true });
  authorize(actor, 'group:delete', accessOf(row, actor.id));
  // The admin condition again in the WHERE clause: an admin transfer may have happened since the read.
  const deleted = await db
    .delete(groups)
    .where(and(eq(groups.id, groupId), eq(groups.adminId, actor.id)))
    .returning({ id: groups.id });
  if (deleted.length === 0) throw AppError.forbidden();
}
