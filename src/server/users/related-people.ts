import { sql, type SQL } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import { contacts, groupMembers, messages } from '../db/schema';

/**
 * Whether `viewerId` is related to the person `personId`: the person has the
 * viewer in their address book (linked), they share a group, or there is a
 * message between them, and no block between them either way
 * (docs/decisions/0018). Only the person's own address book counts: adding
 * someone by username is one-sided and needs nothing but the username, so it
 * must not show their face (as it does not show their phone and email,
 * docs/decisions/0007). A message needs consent since ADR 0018.
 * One SQL expression so a read judges it in the statement that loads the
 * row: four EXISTS probes on indexed columns.
 *
 * Used for profile photos (rule `user:readPhoto`, docs/decisions/0016).
 */
export function relatedToViewer(viewerId: string, personId: string): SQL {
  return sql`((EXISTS (
    SELECT 1 FROM ${contacts} c
     WHERE c.user_id = ${personId} AND c.contact_user_id = ${viewerId}
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
