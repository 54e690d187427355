import { sql } from 'drizzle-orm';
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
  /**
   * Whether their email digest is already queued and not yet running. Its
   * row is then held (FOR KEY SHARE) until the caller's transaction ends, so
   * the digest cannot start before this notification has committed, and will
   * see it; adding the job again would only rewrite that row.
   */
  digestPending: boolean;
}

interface DeliveryFactsRow extends Record<string, unknown> {
  user_id: string;
  choices: [NotificationKind, boolean, boolean][];
  has_push_device: boolean;
  digest_pending: boolean;
}

/**
 * Each person's preferences, whether they have a push device, and whether
 * their digest is pending, in one statement for any number of people.
 *
 * The pending digest is read from graphile-worker's own table (the SQL API
 * has no "is it queued" call; graphile-worker is pinned, ADR 0023, and
 * delivery-facts.test.ts fails if that table changes). Only a job that
 * `add_jobs` would have left as it is counts: not locked by a worker, never
 * attempted (preserve_run_at keeps only such a job's time), and not held by
 * another transaction (SKIP LOCKED: a worker taking it right now holds it).
 * Anything else is "not pending", and the caller adds the job as before.
 */
export async function readDeliveryFacts(
  tx: DbOrTx,
  recipients: readonly { userId: string; digestJobKey: string }[],
): Promise<Map<string, DeliveryFacts>> {
  const result = new Map<string, DeliveryFacts>();
  const unique = [...new Map(recipients.map((r) => [r.userId, r])).values()];
  if (unique.length === 0) return result;
  // One recipient (every message and lending step) binds two scalars, not two arrays: with arrays
  // PostgreSQL plans this statement anew on every call (0.25 ms of planning for 0.05 ms of work),
  // as notify-messages.ts explains.
  const [only] = unique;
  const recipientRows =
    unique.length === 1 && only
      ? sql`(VALUES (${only.userId}::uuid, ${only.digestJobKey}::text)) AS r(user_id, digest_key)`
      : sql`unnest(${sql.param(unique.map((r) => r.userId))}::uuid[],
                  ${sql.param(unique.map((r) => r.digestJobKey))}::text[]) AS r(user_id, digest_key)`;
  const { rows } = await tx.execute<DeliveryFactsRow>(sql`
    SELECT r.user_id,
           coalesce((SELECT json_agg(json_build_array(p.kind, p.push, p.email))
                       FROM ${notificationPreferences} p WHERE p.user_id = r.user_id), '[]') AS choices,
           EXISTS (SELECT 1 FROM ${pushSubscriptions} s WHERE s.user_id = r.user_id) AS has_push_device,
           EXISTS (SELECT 1 FROM graphile_worker._private_jobs j
                    WHERE j.key = r.digest_key AND j.locked_at IS NULL AND j.attempts = 0
                      FOR KEY SHARE SKIP LOCKED) AS digest_pending
      FROM ${recipientRows}`);
  for (const row of rows) {
    const preferences = defaultPreferences();
    for (const [kind, push, email] of row.choices) preferences[kind] = { push, email };
    result.set(row.user_id, {
      preferences,
      hasPushDevice: row.has_push_device,
      digestPending: row.digest_pending,
    });
  }
  return result;
}
