import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { notificationPreferences, pushSubscriptions } from '../db/schema';
import { defaultPreferences, type NotificationPreferences } from './notification-preferences';

/** What recording a notification for one person needs to know (docs/decisions/0033). */
export interface DeliveryFacts {
  /** Their effective choices: their rows over the defaults. */
  preferences: NotificationPreferences;
  /** Whether any device of theirs can take a push now: without one, a push job would find nothing to send. */
  hasPushDevice: boolean;
}

/** The columns deliveryFactsColumns adds to a statement's rows. */
export type DeliveryFactsColumns = {
  delivery_choices: [NotificationKind, boolean, boolean][];
  delivery_has_push_device: boolean;
};

/**
 * The facts of the person `userId` names, as two columns a statement can add
 * to its own rows (notify-messages.ts reads them with the messages' facts,
 * saving a statement per write); `toDeliveryFacts` reads them back.
 */
export function deliveryFactsColumns(userId: SQL): SQL {
  return sql`coalesce((SELECT json_agg(json_build_array(p.kind, p.push, p.email))
                         FROM ${notificationPreferences} p WHERE p.user_id = ${userId}), '[]') AS delivery_choices,
             EXISTS (SELECT 1 FROM ${pushSubscriptions} s WHERE s.user_id = ${userId}) AS delivery_has_push_device`;
}

export function toDeliveryFacts(row: DeliveryFactsColumns): DeliveryFacts {
  const preferences = defaultPreferences();
  for (const [kind, push, email] of row.delivery_choices) preferences[kind] = { push, email };
  return { preferences, hasPushDevice: row.delivery_has_push_device };
}

/**
 * Each person's preferences and whether they have a push device, in one
 * statement for any number of people.
 */
export async function readDeliveryFacts(tx: DbOrTx, userIds: readonly string[]): Promise<Map<string, DeliveryFacts>> {
  const result = new Map<string, DeliveryFacts>();
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return result;
  // One recipient (most events) binds a scalar, not an array: with an array
  // PostgreSQL plans this statement anew on every call (0.25 ms of planning for 0.05 ms of work),
  // as notify-messages.ts explains.
  const [only] = unique;
  const recipientRows =
    unique.length === 1 && only
      ? sql`(VALUES (${only}::uuid)) AS r(user_id)`
      : sql`unnest(${sql.param(unique)}::uuid[]) AS r(user_id)`;
  const { rows } = await tx.execute<DeliveryFactsColumns & { user_id: string }>(sql`
    SELECT r.user_id, ${deliveryFactsColumns(sql`r.user_id`)} FROM ${recipientRows}`);
  for (const row of rows) result.set(row.user_id, toDeliveryFacts(row));
  return result;
}
