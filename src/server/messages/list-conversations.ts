import { sql } from 'drizzle-orm';
import type { MessageType } from '../../contract/enums';
import type { SystemEvent } from '../../contract/schemas/messages';
import { blockedBy } from '../relations/block-sql';
import type { Database } from '../db/client';
import { messages, users } from '../db/schema';
import type { Actor } from '../policies';

export interface ConversationRow extends Record<string, unknown> {
  partner_id: string;
  partner_name: string;
  partner_deleted: boolean;
  content: string;
  /** The CHECK constraints hold these columns to the contract's lists. */
  message_type: MessageType;
  system_event: SystemEvent | null;
  /** PostgreSQL's text form of a timestamptz (Drizzle leaves raw results unparsed). */
  created_at: string;
  unread_count: number;
}

/**
 * Spec §3 Conversation summary for every person the actor has exchanged a
 * message with, newest first: one query however many partners and messages.
 *
 * The actor's messages are read through the two pair indexes (sent, then
 * received), DISTINCT ON keeps the latest per partner, and the unread counts
 * come from the partial unread index grouped by sender. The actor is one side
 * of every row by construction, so nobody else's conversations can appear.
 * The conversation with someone the actor blocked is left out (it comes back
 * when the block is lifted); the blocked person keeps theirs, so the block
 * does not announce itself (docs/decisions/0018).
 */
export async function listConversations(db: Database, actor: Actor): Promise<ConversationRow[]> {
  const result = await db.execute<ConversationRow>(sql`
    WITH mine AS (
      SELECT m.receiver_id AS partner_id, m.id, m.content, m.message_type, m.system_event, m.created_at
        FROM ${messages} m WHERE m.sender_id = ${actor.id}
      UNION ALL
      SELECT m.sender_id AS partner_id, m.id, m.content, m.message_type, m.system_event, m.created_at
        FROM ${messages} m WHERE m.receiver_id = ${actor.id}
    ), latest AS (
      SELECT DISTINCT ON (partner_id) *
        FROM mine
       ORDER BY partner_id, created_at DESC, id DESC
    ), unread AS (
      SELECT m.sender_id AS partner_id, count(*)::int AS unread_count
        FROM ${messages} m
       WHERE m.receiver_id = ${actor.id} AND m.read_at IS NULL
       GROUP BY m.sender_id
    )
    SELECT latest.partner_id, u.name AS partner_name, u.deleted_at IS NOT NULL AS partner_deleted, latest.content, latest.message_type,
           latest.system_event, latest.created_at, COALESCE(unread.unread_count, 0) AS unread_count
      FROM latest
      -- One primary-key probe per partner. As a plain join, the generic plan
      -- (which expects 86 partners) hashed the whole users table to name 21
      -- (docs/performance.md, round 3); LIMIT keeps the subquery a subquery.
      CROSS JOIN LATERAL (SELECT u.name, u.deleted_at FROM ${users} u WHERE u.id = latest.partner_id LIMIT 1) u
      LEFT JOIN unread ON unread.partner_id = latest.partner_id
     WHERE latest.partner_id <> ${actor.id}
       AND NOT ${blockedBy(actor.id, sql`latest.partner_id`)}
     ORDER BY latest.created_at DESC, latest.partner_id
  `);
  return result.rows;
}
