import { inArray } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { notificationPreferences } from '../db/schema';

export interface ChannelChoice {
  push: boolean;
  email: boolean;
}
export type NotificationPreferences = Record<NotificationKind, ChannelChoice>;

/**
 * What a person gets before they choose (docs/decisions/0024-notifications.md):
 * push for everything; email for what asks something of them or what they
 * would not want to miss, not for hand-overs they took part in or for every
 * "looking for" in their network.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  borrow_request: { push: true, email: true },
  request_answered: { push: true, email: true },
  handover: { push: true, email: false },
  message: { push: true, email: true },
  network_request: { push: true, email: false },
  join_request: { push: true, email: true },
  reminder: { push: true, email: true },
};

/** Each person's effective choices (their rows over the defaults), in one statement for any number of people. */
export async function readNotificationPreferences(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, NotificationPreferences>> {
  const result = new Map<string, NotificationPreferences>();
  if (userIds.length === 0) return result;
  for (const userId of userIds) result.set(userId, defaultPreferences());
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...new Set(userIds)]));
  for (const row of rows) {
    const preferences = result.get(row.userId);
    if (preferences) preferences[row.kind] = { push: row.push, email: row.email };
  }
  return result;
}

/** A fresh copy of the defaults, for a caller to lay a person's rows over. */
export function defaultPreferences(): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_NOTIFICATION_PREFERENCES[kind] }]),
  ) as NotificationPreferences;
}
