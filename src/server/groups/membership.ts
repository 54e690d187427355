import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groupMembers, groups, itemGroupPermissions, items } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { accessOf, findGroup, isMember } from './group-query';

const notFound = () => AppError.notFound('Group not found');
const notMember = () => new AppError('group_member_not_found', 'This person is not a member of the group');

/**
 * DELETE /api/groups/{id}/members/{userId}: the admin removes another member,
 * or a member removes themselves (leaves). Either way the person's own items
 * stop being shared with the group: sharing with a group one has left would
 * surprise them.
 */
export async function removeMember(db: Database, actor: Actor, groupId: string, userId: string): Promise<void> {
  const row = await findGroup(db, actor.id, groupId);
  if (!row) throw notFound();
  const access = accessOf(row, actor.id);
  authorize(actor, 'group:read', access, { hideAs404: true });
  if (userId === actor.id) {
    if (access.isAdmin) {
      throw new AppError('group_admin_must_transfer', 'Transfer the admin role or delete the group before leaving');
    }
    authorize(actor, 'group:leave', access);
  } else {
    authorize(actor, 'group:removeMember', access);
    if (!(await isMember(db, groupId, userId))) throw notMember();
  }

  await db.transaction(async (tx) => {
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
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
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const row = await findGroup(tx, actor.id, groupId);
    if (!row) throw notFound();
    const access = accessOf(row, actor.id);
    authorize(actor, 'group:read', access, { hideAs404: true });
    authorize(actor, 'group:transferAdmin', access);
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
