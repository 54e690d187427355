import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '../../contract/enums';
import type { NotificationPreferencesDto } from '../../contract/schemas/notifications';
import type { Database } from '../db/client';
import { notificationPreferences } from '../db/schema';
import { authorize, type Actor } from '../policies';
import { readNotificationPreferences, type NotificationPreferences } from './notification-preferences';

/** GET /api/notifications/preferences: the actor's choices over the defaults. */
export async function getNotificationPreferences(db: Database, actor: Actor): Promise<NotificationPreferences> {
  authorize(actor, 'notificationPreferences:manage', { userId: actor.id });
  const preferences = (await readNotificationPreferences(db, [actor.id])).get(actor.id);
  if (!preferences) throw new Error('Preferences were not read');
  return preferences;
}

/**
 * PUT /api/notifications/preferences: the whole set, one row per kind, in
 * one statement. Every kind gets a row (not only the changed ones), so a later
 * change of a default does not silently change a choice the person saw and kept.
 */
export async function updateNotificationPreferences(
  db: Database,
  actor: Actor,
  input: NotificationPreferencesDto,
): Promise<NotificationPreferences> {
  authorize(actor, 'notificationPreferences:manage', { userId: actor.id });
  await db
    .insert(notificationPreferences)
    .values(NOTIFICATION_KINDS.map((kind) => ({ userId: actor.id, kind, ...input[kind] })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { push: sql`excluded.push`, email: sql`excluded.email`, updatedAt: sql`now()` },
    });
  return getNotificationPreferences(db, actor);
}
