import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateProfileSchema } from '../../contract/schemas/profile';
import type { UserRow } from '../auth/session-store';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';

export type ProfileValues = z.output<typeof updateProfileSchema>;

/**
 * PUT /api/users/profile: the actor saves their own name, phone, email and language.
 *
 * Kept in PostgreSQL too: users_search_owner_name: item_search_owner_renamed (drizzle/0016_search_audience.sql); see docs/database-rules.md.
 */
export async function updateProfile(db: Database, actor: Actor, input: ProfileValues): Promise<UserRow> {
  authorize(actor, 'user:update', { id: actor.id });
  const { name, phone, email, language } = input;
  const [updated] = await db
    .update(users)
    .set({ name, phone, email, language })
    .where(eq(users.id, actor.id))
    .returning();
  // The session's user was deleted between the session check and this write.
  if (!updated) throw AppError.notFound();
  return updated;
}
