import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';
import type { PersonThanks, ReceivedThanks } from '@/contract/schemas/loan-condition';
import type { Database } from '../../db/client';
import { contacts, items, lendingRequests, loanThanks, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';

const sender = alias(users, 'sender');

/**
 * GET /api/users/{id}/thanks (issue 36, docs/decisions/0048): what a person
 * was thanked for, to themselves and to the people they have as registered
 * contacts (anyone else: 404, as for a person one cannot see). Counts of
 * thanks for lending and for borrowing, and the newest notes from people
 * the reader has as contacts too (or wrote themselves). Hidden thanks count
 * nowhere. Three statements: the right to read, the counts, the notes.
 */
export async function getPersonThanks(db: Database, actor: Actor, personId: string): Promise<PersonThanks> {
  const [person] = await db
    .select({
      id: users.id,
      hasReaderAsContact: sql<boolean>`EXISTS (SELECT 1 FROM ${contacts} c
        WHERE c.user_id = ${users}.id AND c.contact_user_id = ${actor.id})`,
    })
    .from(users)
    .where(and(eq(users.id, personId), isNull(users.deletedAt)));
  if (!person) throw AppError.notFound();
  authorize(actor, 'thanks:readOf', person, { hideAs404: true });

  const shown = and(eq(loanThanks.toUserId, personId), eq(loanThanks.hidden, false));
  const [counts] = await db
    .select({
      lending: sql<number>`count(*) FILTER (WHERE ${loanThanks.thankedFor} = 'lending')`.mapWith(Number),
      borrowing: sql<number>`count(*) FILTER (WHERE ${loanThanks.thankedFor} = 'borrowing')`.mapWith(Number),
    })
    .from(loanThanks)
    .where(shown);
  // Notes only from people the reader knows: someone they have as a registered contact, or themselves.
  const readerKnowsSender = sql`(${loanThanks.fromUserId} = ${actor.id} OR EXISTS (SELECT 1 FROM ${contacts} c
    WHERE c.user_id = ${actor.id} AND c.contact_user_id = ${loanThanks.fromUserId}))`;
  const notes = await db
    .select({
      fromName: sender.name,
      thankedFor: loanThanks.thankedFor,
      note: loanThanks.note,
      createdAt: loanThanks.createdAt,
    })
    .from(loanThanks)
    .innerJoin(sender, eq(sender.id, loanThanks.fromUserId))
    .where(and(shown, isNotNull(loanThanks.note), readerKnowsSender))
    .orderBy(desc(loanThanks.createdAt))
    .limit(LIMITS.thanksNotesShown);
  return {
    lending: counts?.lending ?? 0,
    borrowing: counts?.borrowing ?? 0,
    notes: notes.flatMap((row) =>
      row.note === null
        ? []
        : [
            {
              fromName: row.fromName,
              thankedFor: row.thankedFor,
              note: row.note,
              createdAt: row.createdAt.toISOString(),
            },
          ],
    ),
  };
}

/** GET /api/thanks/received: every thanks the actor received, hidden ones too, newest first. */
export async function listReceivedThanks(db: Database, actor: Actor): Promise<ReceivedThanks> {
  const rows = await db
    .select({
      id: loanThanks.id,
      fromName: sender.name,
      itemName: sql<string>`COALESCE(${items.name}, ${lendingRequests.itemName})`,
      thankedFor: loanThanks.thankedFor,
      note: loanThanks.note,
      hidden: loanThanks.hidden,
      createdAt: loanThanks.createdAt,
    })
    .from(loanThanks)
    .innerJoin(sender, eq(sender.id, loanThanks.fromUserId))
    .innerJoin(lendingRequests, eq(lendingRequests.id, loanThanks.lendingRequestId))
    .leftJoin(items, eq(items.id, lendingRequests.itemId))
    .where(eq(loanThanks.toUserId, actor.id))
    .orderBy(desc(loanThanks.createdAt))
    .limit(LIMITS.loanHistoryMax);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** PUT /api/thanks/{id}/hidden: the person thanked hides or shows it again; anyone else gets 404. */
export async function setThanksHidden(db: Database, actor: Actor, thanksId: string, hidden: boolean): Promise<void> {
  const [row] = await db.select({ toUserId: loanThanks.toUserId }).from(loanThanks).where(eq(loanThanks.id, thanksId));
  if (!row) throw AppError.notFound();
  authorize(actor, 'thanks:hide', row, { hideAs404: true });
  await db.update(loanThanks).set({ hidden }).where(eq(loanThanks.id, thanksId));
}
