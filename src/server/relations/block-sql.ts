import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userBlocks } from '../db/schema';

/** A user id as a bound value, or a column/expression of the surrounding query. */
type PersonRef = string | SQL;

const ref = (person: PersonRef): SQL => (typeof person === 'string' ? sql`${person}::uuid` : person);

/**
 * Whether a block stands between two people, in either direction
 * (docs/decisions/0018-messaging-consent-and-blocking.md): one EXISTS with
 * two index probes, the primary key (blocker, blocked) one way and
 * `user_blocks_blocked_idx` (blocked, blocker) the other. Either side may
 * be a column of the surrounding query, so a list judges each row in the
 * statement that loads it.
 */
export function blockBetween(a: PersonRef, b: PersonRef): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${userBlocks} ub
     WHERE (ub.blocker_id = ${ref(a)} AND ub.blocked_id = ${ref(b)})
        OR (ub.blocker_id = ${ref(b)} AND ub.blocked_id = ${ref(a)}))`;
}

/**
 * Everyone a block separates from `person`, either direction, as a uuid[].
 * Uncorrelated, so PostgreSQL computes it once per statement (an InitPlan):
 * a list that judges hundreds of rows checks `owner = ANY (…)` against an
 * array that is nearly always empty, instead of two index probes per row.
 */
export function blockedEitherWay(person: PersonRef): SQL {
  return sql`ARRAY(
    SELECT ub.blocked_id FROM ${userBlocks} ub WHERE ub.blocker_id = ${ref(person)}
    UNION ALL
    SELECT ub.blocker_id FROM ${userBlocks} ub WHERE ub.blocked_id = ${ref(person)})`;
}

/** Whether `blocker` blocked `blocked` (one direction only): a primary-key probe. */
export function blockedBy(blocker: PersonRef, blocked: PersonRef): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${userBlocks} ub WHERE ub.blocker_id = ${ref(blocker)} AND ub.blocked_id = ${ref(blocked)})`;
}

/**
 * A fresh look at the table, for a use case that already holds the row lock
 * a concurrent block waits for (creating a lending request): its own
 * statement, so it sees a block committed while it waited.
 */
export async function isBlockBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const result = await db.execute<{ blocked: boolean }>(sql`SELECT ${blockBetween(a, b)} AS blocked`);
  return result.rows[0]?.blocked === true;
}
