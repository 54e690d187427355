import type { Database } from '@/server/db/client';
import { groupJoinRequests, groupMembers, groups } from '@/server/db/schema';

type NewGroup = typeof groups.$inferInsert;

let sequence = 0;

/** A group administered by `admin` (also its first member); any column can be overridden. */
export async function createGroup(db: Database, admin: { id: string }, overrides: Partial<NewGroup> = {}) {
  sequence += 1;
  const code = String(1_000_000_000 + ((Date.now() * 7 + sequence * 7919) % 8_999_999_999)).slice(0, 10);
  const [group] = await db
    .insert(groups)
    .values({ name: `Group ${sequence}`, groupCode: code, adminId: admin.id, ...overrides })
    .returning();
  await db.insert(groupMembers).values({ groupId: group!.id, userId: admin.id, role: 'admin' });
  return group!;
}

export async function addMember(db: Database, group: { id: string }, user: { id: string }) {
  await db.insert(groupMembers).values({ groupId: group.id, userId: user.id, role: 'member' });
}

export async function createJoinRequest(db: Database, group: { id: string }, user: { id: string }, message?: string) {
  const [request] = await db
    .insert(groupJoinRequests)
    .values({ groupId: group.id, userId: user.id, requestMessage: message ?? null })
    .returning();
  return request!;
}
