import { and, eq, isNull, sql } from 'drizzle-orm';
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

const columns = { id: users.id, name: users.name, phone: users.phone, email: users.email };

/**
 * The registered person a phone, email or username names, in that order of
 * precedence: a username is unique; a phone or email counts only when exactly
 * one account carries it, because profiles are not verified and a shared or
 * copied number must not link a contact to the wrong person.
 */
export async function findRegisteredUser(db: DbOrTx, query: RegisteredUserQuery): Promise<RegisteredUser | null> {
  if (query.username) {
    // Deleted accounts' stand-ins are never found (docs/decisions/0015); they have no phone or email anyway.
    const [byUsername] = await db
      .select(columns)
      .from(users)
      .where(and(eq(users.username, query.username), isNull(users.deletedAt)));
    return byUsername ?? null;
  }
  if (query.phone) {
    const byPhone = await db.select(columns).from(users).where(eq(users.phone, query.phone)).limit(2);
    if (byPhone.length === 1) return byPhone[0] ?? null;
  }
  if (query.email) {
    const byEmail = await db
      .select(columns)
      .from(users)
      .where(eq(sql`lower(${users.email})`, query.email.toLowerCase()))
      .limit(2);
    if (byEmail.length === 1) return byEmail[0] ?? null;
  }
  return null;
}
