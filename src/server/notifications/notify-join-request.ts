import { sql } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { groups, users } from '../db/schema';
import { recordNotifications } from './record-notifications';

/**
 * "Someone asks to join your group", to the group's admin, inside the
 * transaction that stored the request. Nobody is told when the admin's
 * account is gone or a block stands between the two (ADR 0018). One
 * statement, then `recordNotifications`.
 */
export async function notifyJoinRequest(tx: DbOrTx, request: { groupId: string; requesterId: string }): Promise<void> {
  const { rows } = await tx.execute<{ admin_id: string; group_name: string; requester_name: string }>(sql`
    SELECT g.admin_id, g.name AS group_name, requester.name AS requester_name
      FROM ${groups} g
      JOIN ${users} admin ON admin.id = g.admin_id AND admin.deleted_at IS NULL
      JOIN ${users} requester ON requester.id = ${request.requesterId}::uuid
     WHERE g.id = ${request.groupId}::uuid
       AND NOT ${blockBetween(sql`g.admin_id`, request.requesterId)}`);
  await recordNotifications(
    tx,
    rows.map((row) => ({
      userId: row.admin_id,
      kind: 'join_request' as const,
      event: 'join_requested',
      // partnerId: who asked, so deleting their account removes what quotes their name.
      payload: {
        groupId: request.groupId,
        groupName: row.group_name,
        senderName: row.requester_name,
        partnerId: request.requesterId,
      },
    })),
  );
}
