import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { groupJoinRequests, groupMembers, groups, users } from '../db/schema';
import { blockBetween, isBlockBetween } from '../relations/block-sql';
import { AppError } from '../http/app-error';
import { notifyJoinRequest } from '../notifications/notify-join-request';
import { authorize, can, type Actor } from '../policies';
import { accessOf, findGroup, type GroupRow } from './group-query';

/** A join request with the person who asked. */
export interface JoinRequestRow {
  request: typeof groupJoinRequests.$inferSelect;
  user: { id: string; name: string; username: string };
}

const notFound = () => AppError.notFound('Group not found');
const full = () => new AppError('group_full', 'This group is full');

async function personOf(db: DbOrTx, userId: string) {
  const [person] = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw AppError.unauthenticated();
  return person;
}

/**
 * Asks to join (spec §4 Join-group flow). A private group takes requests only
 * with its code, and answers 404 otherwise, as if it did not exist.
 *
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function createJoinRequest(
  db: Database,
  actor: Actor,
  groupId: string,
  input: { requestMessage: string | null; groupCode?: string | undefined },
): Promise<JoinRequestRow> {
  const row = await findGroup(db, actor.id, groupId);
  if (!row) throw notFound();
  const access = {
    ...accessOf(row, actor.id),
    codeMatches: input.groupCode === row.group.groupCode,
    // Refused as if the group did not exist, so the block does not announce itself (ADR 0018).
    blockWithAdmin: await isBlockBetween(db, actor.id, row.group.adminId),
  };
  if (row.isUserMember) throw new AppError('group_already_member', 'Already a member of this group');
  authorize(actor, 'group:requestToJoin', access, { hideAs404: true });
  if (row.hasPendingRequest) throw new AppError('group_request_pending', 'A join request is already pending');
  if (row.memberCount >= row.group.maxMembers) throw full();

  // The request and the admin's notification (docs/decisions/0024) commit together.
  const created = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(groupJoinRequests)
      .values({ groupId, userId: actor.id, requestMessage: input.requestMessage })
      // The partial unique index allows one pending request; a double tap loses the race quietly.
      .onConflictDoNothing()
      .returning();
    if (inserted) await notifyJoinRequest(tx, { groupId, requesterId: actor.id });
    return inserted;
  });
  if (!created) throw new AppError('group_request_pending', 'A join request is already pending');
  return { request: created, user: await personOf(db, actor.id) };
}

/**
 * Admin only: the pending requests, oldest first, with who asked (one query).
 * A request from someone the admin blocked, or who blocked the admin, is not
 * shown: a block hides the two from each other (ADR 0018).
 */
export async function listJoinRequests(db: Database, actor: Actor, groupId: string): Promise<JoinRequestRow[]> {
  const row = await findGroup(db, actor.id, groupId);
  if (!row) throw notFound();
  authorize(actor, 'group:read', accessOf(row, actor.id), { hideAs404: true });
  authorize(actor, 'group:readJoinRequests', accessOf(row, actor.id));
  return db
    .select({ request: groupJoinRequests, user: { id: users.id, name: users.name, username: users.username } })
    .from(groupJoinRequests)
    .innerJoin(users, eq(users.id, groupJoinRequests.userId))
    .where(
      and(
        eq(groupJoinRequests.groupId, groupId),
        eq(groupJoinRequests.status, 'pending'),
        not(blockBetween(actor.id, sql`${groupJoinRequests.userId}`)),
      ),
    )
    .orderBy(asc(groupJoinRequests.requestedAt));
}

/**
 * Admin approves or denies. The group row is locked first, so approvals
 * are serialised: two admins' taps racing for the last seat admit exactly one.
 *
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export async function decideJoinRequest(
  db: Database,
  actor: Actor,
  requestId: string,
  decision: 'approve' | 'deny',
  adminResponse: string | null,
): Promise<JoinRequestRow> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(groupJoinRequests).where(eq(groupJoinRequests.id, requestId));
    if (!request) throw AppError.notFound('Join request not found');
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, request.groupId)).for('update');
    const row: GroupRow | undefined = await findGroup(tx, actor.id, request.groupId);
    if (!row || !can(actor, 'group:read', accessOf(row, actor.id))) throw AppError.notFound('Join request not found');
    authorize(actor, 'group:decideJoinRequest', accessOf(row, actor.id));

    const [current] = await tx
      .select()
      .from(groupJoinRequests)
      .where(eq(groupJoinRequests.id, requestId))
      .for('update');
    if (current?.status !== 'pending') {
      throw new AppError('join_request_not_pending', 'This join request has already been answered');
    }
    if (decision === 'approve') {
      if (row.memberCount >= row.group.maxMembers) throw full();
      await tx.insert(groupMembers).values({ groupId: request.groupId, userId: request.userId }).onConflictDoNothing();
    }
    const [decided] = await tx
      .update(groupJoinRequests)
      .set({ status: decision === 'approve' ? 'approved' : 'denied', adminResponse, respondedAt: new Date() })
      .where(eq(groupJoinRequests.id, requestId))
      .returning();
    if (!decided) throw AppError.notFound('Join request not found');
    return { request: decided, user: await personOf(tx, request.userId) };
  });
}
