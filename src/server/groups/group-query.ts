import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { groupJoinRequests, groupMembers, groups, users } from '../db/schema';
import type { GroupAccess } from '../policies';
import { EARTH_RADIUS_KM } from './bounding-box';

/** A coordinate in degrees: a value, or a placeholder of a statement built once. */
type Degrees = number | Placeholder;

/** Great-circle distance in km from a point to the group (haversine; no PostGIS needed). */
export function distanceKm(position: { latitude: Degrees; longitude: Degrees }): SQL<number> {
  const lat = sql`${position.latitude}::double precision`;
  const lon = sql`${position.longitude}::double precision`;
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${groups.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${groups.latitude})) * power(sin(radians(${groups.longitude} - ${lon}) / 2), 2)
  ))))`;
}

/**
 * Groups with their admin, member count and the viewer's relation to them,
 * in one query whatever the number of groups (correlated subqueries use the
 * group_members and join-request indexes; the count is the group's own
 * column, kept by a trigger: migration 0023). Callers pass the authorization
 * as `where`, and the distance (distanceKm) when the list has a position.
 *
 * Kept in PostgreSQL too: member_count via groups_count_members_added, groups_count_members_removed, groups_count_members_moved (drizzle/0023_groups_member_count.sql); see docs/database-rules.md.
 */
export function selectGroups(
  db: DbOrTx,
  viewerId: string | Placeholder,
  where: SQL | undefined,
  distance?: SQL<number>,
) {
  // The admin, probed per listed group. As a plain join, the generic plan
  // (which expects a third of all groups to be near) hashed the whole users
  // table for the 20 groups it lists; LIMIT keeps PostgreSQL from turning
  // the lateral subquery back into that join (docs/performance.md, round 3).
  const admin = db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(sql`${users.id} = ${groups.adminId}`)
    .limit(1)
    .as('admin');
  return db
    .select({
      group: groups,
      admin: { id: admin.id, name: admin.name, username: admin.username },
      memberCount: groups.memberCount,
      isUserMember: sql<boolean>`EXISTS (SELECT 1 FROM ${groupMembers}
        WHERE ${groupMembers.groupId} = ${groups.id} AND ${groupMembers.userId} = ${viewerId})`,
      hasPendingRequest: sql<boolean>`EXISTS (SELECT 1 FROM ${groupJoinRequests}
        WHERE ${groupJoinRequests.groupId} = ${groups.id} AND ${groupJoinRequests.userId} = ${viewerId}
        AND ${groupJoinRequests.status} = 'pending')`,
      distance: distance ?? sql<number | null>`NULL::double precision`,
    })
    .from(groups)
    .innerJoinLateral(admin, sql`true`)
    .where(where)
    .$dynamic();
}

export type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number];

export async function findGroup(db: DbOrTx, viewerId: string, groupId: string): Promise<GroupRow | undefined> {
  const [row] = await selectGroups(db, viewerId, eq(groups.id, groupId));
  return row;
}

export function accessOf(row: GroupRow, viewerId: string): GroupAccess {
  return { isPrivate: row.group.isPrivate, isMember: row.isUserMember, isAdmin: row.group.adminId === viewerId };
}

/**
 * Members of one group, admin first, then by joining date. Everyone stays
 * listed across a block (a group is a shared space its admin must see
 * whole), but without the photo (docs/decisions/0018).
 */
export function selectMembers(db: DbOrTx, groupId: string, viewerId: string) {
  return db
    .select({
      member: groupMembers,
      user: {
        id: users.id,
        name: users.name,
        username: users.username,
        photoUrl: sql<
          string | null
        >`CASE WHEN ${blockBetween(viewerId, sql`${users.id}`)} THEN NULL ELSE ${users.profileImageUrl} END`,
      },
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.role} = 'admin' DESC`, groupMembers.joinedAt);
}

export type MemberRow = Awaited<ReturnType<typeof selectMembers>>[number];

export async function isMember(db: DbOrTx, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return Boolean(row);
}
