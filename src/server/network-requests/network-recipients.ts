import { sql, type SQL } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { contacts, groupMembers } from '../db/schema';
import { writeMessageToEach, type PostedMessage } from '../message-writer/write-messages';

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
 * requester to each person of their network, computed and written with
 * their notifications in one statement (message-writer), so a network of
 * any size is one statement. Returns what `announceMessages` needs after commit.
 */
export async function insertNetworkRequestMessages(
  tx: DbOrTx,
  request: { id: string; requesterId: string; content: string },
): Promise<PostedMessage[]> {
  return writeMessageToEach(
    tx,
    {
      senderId: request.requesterId,
      content: request.content,
      messageType: 'network_request',
      systemEvent: 'network_request',
      networkRequestId: request.id,
    },
    networkOf(request.requesterId),
  );
}
