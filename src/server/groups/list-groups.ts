import { and, asc, between, desc, eq, exists, ilike, not, or, sql } from 'drizzle-orm';
import { LIMITS } from '../../contract/limits';
import type { Database, DbOrTx } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { groupMembers, groups } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { boundingBox, type Position } from './bounding-box';
import { distanceKm, selectGroups, type GroupRow } from './group-query';

/** Discover and search show at most this many groups. */
export const GROUP_LIST_LIMIT = 50;
/** Code lookups per account and hour: private groups are found by code only, so guessing is capped. */
export const GROUP_CODE_LOOKUPS_PER_HOUR = 60;

/** Spec §7 GET /api/groups/user/{userId}: the groups the actor belongs to. */
export function listUserGroups(db: Database, actor: Actor): Promise<GroupRow[]> {
  const member = db
    .select({ one: sql`1` })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, actor.id)));
  return selectGroups(db, actor.id, exists(member)).orderBy(asc(sql`lower(${groups.name})`));
}

/** The newest public groups: Discover without a position. Built once (db/prepared.ts). */
const preparedNewest = preparedPerHandle((db: DbOrTx) =>
  selectGroups(db, sql.placeholder('viewerId'), not(groups.isPrivate))
    .orderBy(desc(groups.createdAt))
    .limit(GROUP_LIST_LIMIT)
    .prepare('discover_groups_newest'),
);

/**
 * Public groups near a position, nearest first: built once (db/prepared.ts),
 * as building it cost 0.3 ms of CPU per call (docs/performance.md, round 3).
 * The bounding box comes before the distance: cheap range conditions that
 * rule out far groups (and let an index on the coordinates skip them)
 * before the haversine runs; groups without coordinates fail them too.
 */
const preparedNear = preparedPerHandle((db: DbOrTx) => {
  const distance = distanceKm({ latitude: sql.placeholder('latitude'), longitude: sql.placeholder('longitude') });
  return selectGroups(
    db,
    sql.placeholder('viewerId'),
    and(
      not(groups.isPrivate),
      between(groups.latitude, sql.placeholder('minLatitude'), sql.placeholder('maxLatitude')),
      between(groups.longitude, sql.placeholder('minLongitude'), sql.placeholder('maxLongitude')),
      sql`${distance} <= ${sql.placeholder('radiusKm')}`,
    ),
    distance,
  )
    .orderBy(asc(distance), desc(groups.createdAt))
    .limit(GROUP_LIST_LIMIT)
    .prepare('discover_groups_near');
});

/**
 * Public groups only. With a position: those within `radiusKm`, nearest
 * first (groups without coordinates cannot be placed and are left out);
 * without: the newest.
 */
export function discoverGroups(
  db: Database,
  actor: Actor,
  query: { position?: Position; radiusKm: number },
): Promise<GroupRow[]> {
  if (!query.position) return preparedNewest(db).execute({ viewerId: actor.id });
  return preparedNear(db).execute({
    viewerId: actor.id,
    ...query.position,
    radiusKm: query.radiusKm,
    ...boundingBox(query.position, query.radiusKm),
  });
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Spec §5: name or description containing the text, or the exact 10-digit code; public groups only. */
export function searchGroups(db: Database, actor: Actor, text: string): Promise<GroupRow[]> {
  const pattern = likePattern(text);
  return selectGroups(
    db,
    actor.id,
    and(
      not(groups.isPrivate),
      or(ilike(groups.name, pattern), ilike(groups.description, pattern), eq(groups.groupCode, text)),
    ),
  )
    .orderBy(asc(sql`lower(${groups.name})`))
    .limit(GROUP_LIST_LIMIT);
}

/** Spec §7 GET /api/groups/code/{code}: public and private groups, for the join dialog. */
export async function findGroupByCode(db: Database, actor: Actor, code: string): Promise<GroupRow> {
  await consumeRateLimit(db, {
    key: `group-code:${actor.id}`,
    max: GROUP_CODE_LOOKUPS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  const [row] = await selectGroups(db, actor.id, eq(groups.groupCode, code));
  if (!row) throw AppError.notFound('Group not found');
  return row;
}

export const DEFAULT_RADIUS_KM = LIMITS.radiusKmDefault;
