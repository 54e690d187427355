import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { conversationReaders } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { findPartner } from './messaging-relationship';

/**
 * How long a tab counts as reading after its last heartbeat: a little over
 * two heartbeats (READING.heartbeatMs), so one lost beat does not end it,
 * and a tab that vanished without a word (a crash, a lost network) stops
 * holding back pushes within a minute.
 */
export const READER_TTL_SECONDS = 60;

/**
 * How many tabs of one person may count as reading at once. A real person
 * has a handful; the bound keeps a client that invents reader ids from
 * growing the table. A tab beyond it is not recorded (its person simply
 * gets pushes as before).
 */
export const LIVE_READERS_PER_USER = 20;

/**
 * PUT /api/conversations/{userId}/readers/{readerId}: this tab of the actor
 * shows the thread with `partnerId` on screen now (docs/decisions/0045). The
 * partner must be someone whose thread the actor may read (the policy that
 * guards the thread itself; a stranger is 404). One statement records it
 * and clears the actor's other readers that have expired.
 */
export async function recordReading(db: Database, actor: Actor, readerId: string, partnerId: string): Promise<void> {
  const partner = await findPartner(db, actor.id, partnerId);
  if (!partner) throw AppError.notFound('No such conversation');
  authorize(actor, 'message:readThread', partner, { hideAs404: true });
  await db.execute(sql`
    WITH expired AS (
      DELETE FROM ${conversationReaders}
       WHERE user_id = ${actor.id} AND reader_id <> ${readerId} AND expires_at <= now()
    )
    INSERT INTO ${conversationReaders} (user_id, reader_id, partner_id, expires_at)
    SELECT ${actor.id}, ${readerId}, ${partnerId}, now() + make_interval(secs => ${READER_TTL_SECONDS})
     WHERE (SELECT count(*) FROM ${conversationReaders}
             WHERE user_id = ${actor.id} AND reader_id <> ${readerId} AND expires_at > now()) < ${LIVE_READERS_PER_USER}
    ON CONFLICT (user_id, reader_id)
    DO UPDATE SET partner_id = excluded.partner_id, expires_at = excluded.expires_at`);
}

/** DELETE /api/conversations/{userId}/readers/{readerId}: this tab no longer shows a thread. Only the actor's own row can go. */
export async function forgetReading(db: Database, actor: Actor, readerId: string): Promise<void> {
  await db
    .delete(conversationReaders)
    .where(and(eq(conversationReaders.userId, actor.id), eq(conversationReaders.readerId, readerId)));
}
