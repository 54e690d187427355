import { and, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type Language } from '@/contract/enums';
import type { Database } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../notification-preferences';
import type { UnsubscribeScope } from './unsubscribe-token';

/** The language an unsubscribe page speaks to the person a link names; null when the account is gone. */
export async function findUnsubscribeRecipient(db: Database, userId: string): Promise<{ language: Language } | null> {
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user ?? null;
}

/**
 * An unsubscribe link's effect: email off for one kind or for all of them,
 * push left as it was (a kind without a row keeps its default push). Other
 * kinds keep their choice. One statement after the account check, in one
 * transaction; doing it twice changes nothing. Null when the account is gone
 * (nothing is mailed to it anyway).
 */
export async function turnEmailOff(
  db: Database,
  userId: string,
  scope: UnsubscribeScope,
): Promise<{ language: Language } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('share');
    if (!user) return null;
    const kinds = scope === 'all' ? NOTIFICATION_KINDS : [scope];
    await tx
      .insert(notificationPreferences)
      .values(kinds.map((kind) => ({ userId, kind, push: DEFAULT_NOTIFICATION_PREFERENCES[kind].push, email: false })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { email: false, updatedAt: sql`now()` },
      });
    return user;
  });
}
