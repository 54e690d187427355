import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { authorize, can, type Actor } from '../policies';
import { accessOf, findGroup, selectMembers, type GroupRow, type MemberRow } from './group-query';

/** A group with the members the viewer may see (none unless `group:readMembers`). */
export interface GroupDetailsRow {
  group: GroupRow;
  members: MemberRow[];
}

/**
 * GET /api/groups/{id}: a private group exists only for its members (404
 * otherwise); a public group shows its details to anyone signed in and its
 * members to members.
 */
export async function getGroupDetails(db: Database, actor: Actor, groupId: string): Promise<GroupDetailsRow> {
  const row = await findGroup(db, actor.id, groupId);
  if (!row) throw AppError.notFound('Group not found');
  const access = accessOf(row, actor.id);
  authorize(actor, 'group:read', access, { hideAs404: true });
  const members = can(actor, 'group:readMembers', access) ? await selectMembers(db, groupId, actor.id) : [];
  return { group: row, members };
}
