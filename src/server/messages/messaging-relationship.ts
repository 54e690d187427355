import { eq, sql, type SQL } from 'drizzle-orm';
import { blockedBy } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import {
  contacts,
  groupMembers,
  lendingRequests,
  messages,
  networkRequestResponses,
  networkRequests,
  users,
} from '../db/schema';
import type { MessagingRelationship } from '../policies';

export interface Partner extends MessagingRelationship {
  name: string;
}

/**
 * Whether `recipientId` consented to hear from `senderId`
 * (docs/decisions/0018-messaging-consent-and-blocking.md), as one SQL
 * expression of indexed EXISTS probes:
 *
 * - mutual registered contacts: each has the other in their address book,
 *   linked (a one-sided entry, made by username without asking, is not
 *   consent);
 * - a group both belong to;
 * - the recipient answered the sender: a user message to them, or a response
 *   to one of their network requests;
 * - a lending request between them, which exists only because the owner
 *   shared the item with the requester;
 * - a loan the owner recorded for them (docs/decisions/0028), while the item
 *   is out with them: the two arrange its return. A returned one is history
 *   and a disputed one never was: neither opens anything (the recording
 *   itself needed an open channel, which may since have closed).
 *
 * Blocks are judged apart (the policy refuses either direction).
 */
export function consentedToHear(recipientId: string | SQL, senderId: string | SQL): SQL {
  return sql`(EXISTS (
    SELECT 1 FROM ${contacts} mine
      JOIN ${contacts} theirs ON theirs.user_id = ${recipientId} AND theirs.contact_user_id = ${senderId}
     WHERE mine.user_id = ${senderId} AND mine.contact_user_id = ${recipientId}
  ) OR EXISTS (
    SELECT 1 FROM ${groupMembers} mine
      JOIN ${groupMembers} theirs ON theirs.group_id = mine.group_id
     WHERE mine.user_id = ${senderId} AND theirs.user_id = ${recipientId}
  ) OR EXISTS (
    SELECT 1 FROM ${messages} m
     WHERE m.sender_id = ${recipientId} AND m.receiver_id = ${senderId} AND m.message_type = 'user'
  ) OR EXISTS (
    SELECT 1 FROM ${networkRequestResponses} r
      JOIN ${networkRequests} nr ON nr.id = r.network_request_id
     WHERE r.responder_id = ${recipientId} AND nr.requester_id = ${senderId}
  ) OR EXISTS (
    SELECT 1 FROM ${lendingRequests} lr
     WHERE ((lr.requester_id = ${senderId} AND lr.owner_id = ${recipientId})
         OR (lr.requester_id = ${recipientId} AND lr.owner_id = ${senderId}))
       AND (lr.origin = 'request' OR (lr.origin = 'recorded' AND lr.status = 'borrowed'))
  ))`;
}

/**
 * How the actor stands with the partner (decision 0018: consent, blocks
 * either way, and whether they already share a conversation), as SQL over
 * the partner's `users` row. One definition for the two statements that
 * ask it: the partner check (sending, recorded loans) and the thread read,
 * which fetches its page in the same statement (thread-query.ts).
 */
export function relationshipColumns(actorId: SQL, partnerId: SQL) {
  return {
    deleted: sql<boolean>`${users.deletedAt} IS NOT NULL`,
    blockedByActor: sql<boolean>`${blockedBy(actorId, partnerId)}`,
    blockedByPartner: sql<boolean>`${blockedBy(partnerId, actorId)}`,
    consented: sql<boolean>`${consentedToHear(partnerId, actorId)}`,
    hasConversation: sql<boolean>`EXISTS (
      SELECT 1 FROM ${messages} m
       WHERE (m.sender_id = ${actorId} AND m.receiver_id = ${partnerId})
          OR (m.sender_id = ${partnerId} AND m.receiver_id = ${actorId}))`,
  };
}

/** The other person and how the actor is related to them, in one query. No row when no such user exists. */
function partnerQuery(db: DbOrTx, actorId: SQL, partnerId: SQL) {
  return db
    .select({ partnerId: users.id, name: users.name, ...relationshipColumns(actorId, partnerId) })
    .from(users)
    .where(eq(users.id, partnerId));
}

/** Every message sent asks it: built once (db/prepared.ts). */
const preparedPartner = preparedPerHandle((db) =>
  partnerQuery(db, sql`${sql.placeholder('actorId')}::uuid`, sql`${sql.placeholder('partnerId')}::uuid`).prepare(
    'messaging_partner',
  ),
);

export async function findPartner(db: DbOrTx, actorId: string, partnerId: string): Promise<Partner | undefined> {
  const [row] = await preparedPartner(db).execute({ actorId, partnerId });
  return row;
}

/**
 * Sending's first statement: counts the send against the sender's budget
 * (`countUse`, a CTE, so probing who may be messaged costs budget too) and
 * reads the partner as findPartner does. `used` is the window's count after
 * this send; `partner` is undefined when no such user exists.
 */
export async function findPartnerCountingUse(
  db: DbOrTx,
  actorId: string,
  partnerId: string,
  use: SQL,
): Promise<{ used: number; partner: Partner | undefined }> {
  const actor = sql`${actorId}::uuid`;
  const partner = sql`${partnerId}::uuid`;
  const columns = relationshipColumns(actor, partner);
  const { rows } = await db.execute<{
    used: number;
    partner_id: string | null;
    name: string | null;
    deleted: boolean;
    blocked_by_actor: boolean;
    blocked_by_partner: boolean;
    consented: boolean;
    has_conversation: boolean;
  }>(sql`
    WITH used AS (${use})
    SELECT used.count AS used, ${users.id} AS partner_id, ${users.name} AS name,
           ${columns.deleted} AS deleted, ${columns.blockedByActor} AS blocked_by_actor,
           ${columns.blockedByPartner} AS blocked_by_partner, ${columns.consented} AS consented,
           ${columns.hasConversation} AS has_conversation
      FROM used LEFT JOIN ${users} ON ${users.id} = ${partner}`);
  const [row] = rows;
  if (!row) throw new Error('The send count returned no row');
  return {
    used: row.used,
    partner:
      row.partner_id === null || row.name === null
        ? undefined
        : {
            partnerId: row.partner_id,
            name: row.name,
            deleted: row.deleted,
            blockedByActor: row.blocked_by_actor,
            blockedByPartner: row.blocked_by_partner,
            consented: row.consented,
            hasConversation: row.has_conversation,
          },
  };
}
