import { sql, type SQL } from 'drizzle-orm';
import { blockedBy } from '../relations/block-sql';

/**
 * The block re-check at delivery (docs/decisions/0018, 0024), for the push
 * and the email digest claims; `notification` names the notifications row
 * of the surrounding statement (an alias, or the table itself).
 *
 * A notification written before its recipient blocked the person it is
 * about (`payload.partnerId`, which every kind carries) is not sent: the
 * blocker's app hides that conversation too. One direction only: the blocked
 * person keeps their history, and a silence where an ordinary step notifies
 * would tell them of the block. Reminders go out across a block: the loan
 * goes on, and both cards still show it (docs/decisions/0026).
 */
export function deliverableAcrossBlocks(notification: SQL): SQL {
  return sql`(${notification}.kind = 'reminder'
    OR NOT ${blockedBy(sql`${notification}.user_id`, sql`(${notification}.payload->>'partnerId')::uuid`)})`;
}
