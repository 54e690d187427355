import { and, eq, isNull, sql } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

export interface RegisteredUserQuery {
  username?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface RegisteredUser {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
}

const columnsFor = (viewerId: string) => ({
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  blocked: sql<boolean>`${blockBetween(viewerId, sql`${users.id}`)}`,
});

/** Someone with a block between them and the viewer is "not registered" to the viewer (docs/decisions/0018). */
const unlessBlocked = (match: (RegisteredUser & { blocked: boolean }) | undefined): RegisteredUser | null =>
  match && !match.blocked ? { id: match.id, name: match.name, phone: match.phone, email: match.email } : null;

/**
 * The registered person a phone, email or username names, in that order of
 * precedence: a username is unique; a phone or email counts only when exactly
 * one account carries it, because profiles are not verified and a shared or
 * copied number must not link a contact to the wrong person.
 *
 * Seen from `viewerId`: a person with a block between them either way is
 * not found (decision 0018), so the blocked person cannot find the blocker
 * by username, phone or email. The block is judged after the uniqueness
 * rule, so it never makes another account the only match.
 */
export async function findRegisteredUser(
  db: DbOrTx,
  viewerId: string,
  query: RegisteredUserQuery,
): Promise<RegisteredUser | null> {
  const columns = columnsFor(viewerId);
  if (query.username) {
    // Deleted accounts' stand-ins are never found (docs/decisions/0015); they have no phone or email anyway.
    const [byUsername] = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.username, query.username), isNull(users.deletedAt)));
    return unlessBlocked(byUsername);
  }
  if (query.phone) {
    const byPhone = await db.select(columns).from(users).where(eq(users.phone, query.phone)).limit(2);
    if (byPhone.length === 1) return unlessBlocked(byPhone[0]);
  }
  if (query.email) {
    const byEmail = await db
      .select(columns)
      .from(users)
      .where(eq(sql`lower(${users.email})`, query.email.toLowerCase()))
      .limit(2);
    if (byEmail.length === 1) return unlessBlocked(byEmail[0]);
  }
  return null;
}
