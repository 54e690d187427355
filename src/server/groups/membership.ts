import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { groupMembers, groups, itemGroupPermissions, items } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { accessOf, findGroup, isMember, type GroupRow } from './group-query';

const notFound = () => AppError.notFound('Group not found');
const notMember = () => new AppError('group_member_not_found', 'This person is not a member of the group');

/**
 * Locks the group row for the rest of the transaction and reads it afresh.
 * Every change of membership or of the admin takes this lock first, so a
 * leave racing an admin transfer cannot leave the group with an admin who is
 * not a member.
 */
async function lockGroup(tx: DbOrTx, actor: Actor, groupId: string): Promise<GroupRow> {
  const [locked] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  const row = locked ? await findGroup(tx, actor.id, groupId) : undefined;
  if (!row) throw notFound();
  authorize(actor, 'group:read', accessOf(row, actor.id), { hideAs404: true });
  return row;
}

/**
 * DELETE /api/groups/{id}/members/{userId}: the admin removes another member,
 * or a member removes themselves (leaves). Either way the person's own items
 * stop being shared with the group: sharing with a group one has left would
 * surprise them.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function removeMember(db: Database, actor: Actor, groupId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockGroup(tx, actor, groupId);
    const access = accessOf(row, actor.id);
    if (userId === actor.id) {
      if (access.isAdmin) {
        throw new AppError('group_admin_must_transfer', 'Transfer the admin role or delete the group before leaving');
      }
      authorize(actor, 'group:leave', access);
    } else {
      authorize(actor, 'group:removeMember', access);
      if (!(await isMember(tx, groupId, userId))) throw notMember();
    }
    await tx.delete(groupMembers).where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        // Never the admin, whatever happened meanwhile.
        ne(groupMembers.userId, row.group.adminId),
      ),
    );
    await tx
      .delete(itemGroupPermissions)
      .where(
        and(
          eq(itemGroupPermissions.groupId, groupId),
          inArray(
            itemGroupPermissions.itemId,
            tx.select({ id: items.id }).from(items).where(eq(items.ownerId, userId)),
          ),
        ),
      );
  });
}

/** PUT /api/groups/{id}/transfer-admin: the role moves to a member; the former admin stays a member. */
export async function transferAdmin(db: Database, actor: Actor, groupId: string, newAdminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockGroup(tx, actor, groupId);
    authorize(actor, 'group:transferAdmin', accessOf(row, actor.id));
    if (newAdminId === actor.id) throw new AppError('group_admin_self', 'You are already the admin');
    if (!(await isMember(tx, groupId, newAdminId))) throw notMember();

    await tx.update(groups).set({ adminId: newAdminId, updatedAt: new Date() }).where(eq(groups.id, groupId));
    await tx
      .update(groupMembers)
      .set({ role: 'member' })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
    await tx
      .update(groupMembers)
      .set({ role: 'admin' })
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, newAdminId)));
  });
}
