import { sql, type SQL } from 'drizzle-orm';
import { blockBetween } from '../blocks/block-sql';
import type { DbOrTx } from '../db/client';
import { contacts, groupMembers, messages } from '../db/schema';
import type { PostedMessage } from '../messages/post-message';
import { notifyAboutMessages } from '../notifications/notify-messages';

/**
 * The requester's network (decision 0018, amending 0010): their **mutual**
 * registered contacts (each has the other in their address book, linked; a
 * one-sided entry made by username is no consent) and everyone who shares a
 * group with them, minus anyone with a block between them either way. Each
 * person once (DISTINCT), never the requester, nobody else. Contacts and
 * membership are read as they are at this moment, so someone removed from a
 * group before the request is not in it.
 */
export function networkOf(requesterId: string): SQL {
  return sql`
    SELECT DISTINCT person.user_id
      FROM (
        SELECT c.contact_user_id AS user_id
          FROM ${contacts} c
          JOIN ${contacts} back ON back.user_id = c.contact_user_id AND back.contact_user_id = c.user_id
         WHERE c.user_id = ${requesterId} AND c.contact_user_id IS NOT NULL
        UNION ALL
        SELECT co.user_id
          FROM ${groupMembers} mine
          JOIN ${groupMembers} co ON co.group_id = mine.group_id
         WHERE mine.user_id = ${requesterId}
      ) person
     WHERE person.user_id <> ${requesterId}
       AND NOT ${blockBetween(requesterId, sql`person.user_id`)}`;
}

/**
 * Inside the caller's transaction: one network_request message from the
 * requester to each person of their network, computed and written by one
 * INSERT … SELECT, so a network of any size is one statement (a multi-row
 * VALUES list would hit PostgreSQL's 65,535 parameter limit at ~8,000
 * people). Returns what `announceMessages` needs after commit.
 */
export async function insertNetworkRequestMessages(
  tx: DbOrTx,
  request: { id: string; requesterId: string; content: string },
): Promise<PostedMessage[]> {
  const result = await tx.execute<{ id: string; sender_id: string; receiver_id: string }>(sql`
    INSERT INTO ${messages} (sender_id, receiver_id, content, message_type, system_event, network_request_id)
    SELECT ${request.requesterId}, network.user_id, ${request.content}, 'network_request', 'network_request', ${request.id}
      FROM (${networkOf(request.requesterId)}) network
    RETURNING id, sender_id, receiver_id
  `);
  // Everyone asked is notified in the same transaction (docs/decisions/0024), in a bounded number of statements.
  await notifyAboutMessages(
    tx,
    result.rows.map((row) => row.id),
  );
  return result.rows.map((row) => ({ id: row.id, senderId: row.sender_id, receiverId: row.receiver_id }));
}
