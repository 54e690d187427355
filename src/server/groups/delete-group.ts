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
