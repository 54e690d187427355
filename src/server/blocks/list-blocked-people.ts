import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userBlocks, users } from '../db/schema';
import { authorize, type Actor } from '../policies';

export interface BlockedPersonRow {
  userId: string;
  name: string;
  username: string;
  blockedAt: Date;
}

/**
 * GET /api/blocks: the people the actor blocked, newest block first, in one
 * query. Never who blocked the actor (docs/decisions/0018). No paging: a
 * person blocks a handful of people, and the primary key's leading column
 * is the blocker.
 */
export async function listBlockedPeople(db: Database, actor: Actor): Promise<BlockedPersonRow[]> {
  authorize(actor, 'block:list', { blockerId: actor.id });
  return db
    .select({
      userId: users.id,
      name: users.name,
      username: users.username,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, actor.id))
    .orderBy(desc(userBlocks.createdAt), users.id);
}
