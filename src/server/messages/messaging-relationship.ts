import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contacts, groupMembers, messages, users } from '../db/schema';
import type { MessagingRelationship } from '../policies';

export interface Partner extends MessagingRelationship {
  name: string;
  /** An anonymous stand-in of a deleted account (docs/decisions/0015): readable, never messaged. */
  deleted: boolean;
}

/**
 * The other person and how the actor is related to them (decision 0010: a
 * registered contact in either address book, a shared group, or an existing
 * conversation), in one query. Undefined when no such user exists.
 */
export async function findPartner(db: DbOrTx, actorId: string, partnerId: string): Promise<Partner | undefined> {
  const [row] = await db
    .select({
      partnerId: users.id,
      name: users.name,
      deletedAt: users.deletedAt,
      inContacts: sql<boolean>`EXISTS (
        SELECT 1 FROM ${contacts} c
         WHERE (c.user_id = ${actorId} AND c.contact_user_id = ${partnerId})
            OR (c.user_id = ${partnerId} AND c.contact_user_id = ${actorId}))`,
      sharesGroup: sql<boolean>`EXISTS (
        SELECT 1 FROM ${groupMembers} mine
          JOIN ${groupMembers} theirs ON theirs.group_id = mine.group_id
         WHERE mine.user_id = ${actorId} AND theirs.user_id = ${partnerId})`,
      hasConversation: sql<boolean>`EXISTS (
        SELECT 1 FROM ${messages} m
         WHERE (m.sender_id = ${actorId} AND m.receiver_id = ${partnerId})
            OR (m.sender_id = ${partnerId} AND m.receiver_id = ${actorId}))`,
    })
    .from(users)
    .where(eq(users.id, partnerId));
  if (!row) return undefined;
  return {
    partnerId: row.partnerId,
    name: row.name,
    deleted: row.deletedAt !== null,
    inNetwork: row.inContacts || row.sharesGroup,
    hasConversation: row.hasConversation,
  };
}
