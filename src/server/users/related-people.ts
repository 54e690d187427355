import { sql, type SQL } from 'drizzle-orm';
import { blockBetween } from '../blocks/block-sql';
import { contacts, groupMembers, messages } from '../db/schema';

/**
 * Whether `viewerId` is related to the person `personId`: a registered
 * contact in either address book, a shared group, or a message between them,
 * and no block between them either way (docs/decisions/0018). Broader than
 * messaging consent (messages/messaging-relationship.ts): seeing the face of
 * someone who added you is harmless, writing to them needs their consent.
 * One SQL expression so a read judges it in the statement that loads the
 * row: four EXISTS probes on indexed columns.
 *
 * Used for profile photos (rule `user:readPhoto`, docs/decisions/0016).
 */
export function relatedToViewer(viewerId: string, personId: string): SQL {
  return sql`((EXISTS (
    SELECT 1 FROM ${contacts} c
     WHERE (c.user_id = ${viewerId} AND c.contact_user_id = ${personId})
        OR (c.user_id = ${personId} AND c.contact_user_id = ${viewerId})
  ) OR EXISTS (
    SELECT 1 FROM ${groupMembers} mine
      JOIN ${groupMembers} theirs ON theirs.group_id = mine.group_id
     WHERE mine.user_id = ${viewerId} AND theirs.user_id = ${personId}
  ) OR EXISTS (
    SELECT 1 FROM ${messages} m
     WHERE (m.sender_id = ${viewerId} AND m.receiver_id = ${personId})
        OR (m.sender_id = ${personId} AND m.receiver_id = ${viewerId})
  )) AND NOT ${blockBetween(viewerId, personId)})`;
}
