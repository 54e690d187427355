import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notifications, pushSubscriptions } from '../db/schema';
import { readNotificationPreferences } from '../notifications/notification-preferences';
import { iso, jsonArray, keyset, pages } from './export-pages';

/**
 * The export's notification data (issue 18, docs/decisions/0024): the devices
 * that get pushes (label and dates; not the endpoint or keys, which are the
 * push service's credentials for that browser, not information about the
 * person), the person's effective choices per kind, and every notification
 * recorded for them, page by page.
 */
export async function* exportNotificationSettings(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(pushSubscriptions.createdAt, pushSubscriptions.id);
  yield '{"pushDevices":';
  yield* jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ row: pushSubscriptions, id: pushSubscriptions.id, cursorAt: k.cursorAt })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ row }) => ({
        deviceLabel: row.deviceLabel,
        createdAt: iso(row.createdAt),
        lastSuccessAt: iso(row.lastSuccessAt),
      })),
  );
  const preferences = (await readNotificationPreferences(db, [userId])).get(userId) ?? null;
  yield `,"preferences":${JSON.stringify(preferences)}}`;
}

export function exportNotifications(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(notifications.createdAt, notifications.id);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({ row: notifications, id: notifications.id, cursorAt: k.cursorAt })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ row }) => ({
        kind: row.kind,
        event: row.event,
        details: row.payload,
        messageId: row.messageId,
        createdAt: iso(row.createdAt),
        seenAt: iso(row.seenAt),
        pushedAt: iso(row.pushedAt),
        emailedAt: iso(row.emailedAt),
      })),
  );
}
