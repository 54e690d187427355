import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateGroupSchema } from '../../contract/schemas/group';
import type { Database } from '../db/client';
import { groups } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { accessOf, findGroup, type GroupRow } from './group-query';

const notFound = () => AppError.notFound('Group not found');

/**
 * Admin edits the group (spec §7 PUT /api/groups/{id}); the maximum never drops below the members it has.
 *
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function updateGroup(
  db: Database,
  actor: Actor,
  groupId: string,
  changes: z.output<typeof updateGroupSchema>,
): Promise<GroupRow> {
  await db.transaction(async (tx) => {
    // Locks the group row, so an approval cannot add a member past the new maximum meanwhile.
    const [locked] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const row = locked ? await findGroup(tx, actor.id, groupId) : undefined;
    if (!row) throw notFound();
    authorize(actor, 'group:read', accessOf(row, actor.id), { hideAs404: true });
    authorize(actor, 'group:update', accessOf(row, actor.id));
    if (changes.maxMembers < row.memberCount) {
      throw new AppError('group_max_below_members', 'The group already has more members than this maximum');
    }
    await tx
      .update(groups)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(groups.id, groupId));
  });
  const updated = await findGroup(db, actor.id, groupId);
  if (!updated) throw notFound();
  return updated;
}
