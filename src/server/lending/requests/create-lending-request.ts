import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACTIVE_REQUEST_STATUSES } from '@/contract/enums';
import { latestBorrowStart, type createLendingRequestSchema } from '@/contract/schemas/lending';
import { earliestReservationDate, latestLocalToday, utcToday } from '../../dates/calendar-dates';
import { blockBetween } from '../../relations/block-sql';
import type { Database, DbOrTx } from '../../db/client';
import { tableRow } from '../../db/table-row';
import { contacts, groupMembers, lendingRequests, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorizeItem } from '../../items/item-access';
import { writeMessageAlong, type PostedMessage } from '../../message-writer/write-messages';
import { can, type Actor } from '../../policies';
import type { LendingChange } from './announce-lending-change';
import type { LendingRequestRow } from './lending-query';
import { mappingLendingConflicts, ownItemRequest, refusalError } from './lending-errors';
import { lendingStepMessageNotifying } from './lending-messages';
import { decideLendingStep } from './lending-state-machine';
import { applyLendingStep } from './take-lending-step';
import { refuseOverlap } from '../reservations/hold-conflict';
import { itemHoldsFrom, itemHoldsJson, type HoldRow } from '../reservations/item-holds-query';

/**
 * The open statuses as literals in the statement's text, not parameters:
 * only then does the generic plan know it may use the partial index
 * lending_requests_one_open_per_requester, so PostgreSQL stops planning
 * this statement anew on every request (docs/performance.md, round 3).
 * The list is the contract's constant, never input.
 */
const activeStatus = sql`${lendingRequests.status} IN (${sql.raw(ACTIVE_REQUEST_STATUSES.map((status) => `'${status}'`).join(', '))})`;

export type CreateLendingRequestValues = z.output<ReturnType<typeof createLendingRequestSchema>>;

/** The change to announce, and the new request as its requester sees it (the answer, built without a read-back). */
export interface CreatedLendingRequest extends LendingChange {
  created: LendingRequestRow;
}

interface AskingFacts extends Record<string, unknown> {
  blocked: boolean;
  requester_name: string;
  owner_name: string;
  open: { requester_id: string; status: (typeof ACTIVE_REQUEST_STATUSES)[number] }[];
  /** The item's held days from the earliest "today" on, for the overlap check and its suggestion. */
  holds: HoldRow[];
  /** The owner accepts this requester's requests without asking (a trusted contact or group member). */
  trusted: boolean;
}

/** Accepting records no calendar day (only handing out and taking back do), so its time zone is never read. */
const ACCEPT_WRITES_NO_DAY = 'UTC';

/**
 * POST /api/lending-requests (spec §4, §7). The item row is locked, so this
 * request and any other step on the same item (accept, hand-over, return,
 * the owner's edit) happen one after the other and see each other's result.
 * The request and its notification to the owner commit together.
 *
 * After the item's lock, one statement reads what the checks need (a block
 * either way, the item's open requests) and the two names of the answer,
 * which is then built from the rows at hand (the item just authorized, the
 * request as inserted), not read back.
 */
export async function createLendingRequest(
  db: Database,
  actor: Actor,
  input: CreateLendingRequestValues,
  now = new Date(),
): Promise<CreatedLendingRequest> {
  return db.transaction(async (tx) => {
    // Asking needs sight of the item (`item:read`: 404 for anyone it is not
    // shared with, as if it did not exist); the lending policy refuses the owner.
    const item = await authorizeItem(tx, actor, input.itemId, 'item:read', { lock: true });
    // The visibility rule above already hides items across a block; this
    // fresh statement also sees a block committed while we waited for the
    // item's lock (blocking locks the blocker's items, docs/decisions/0018).
    const facts = await askingFacts(tx, actor.id, item.id, item.ownerId, earliestReservationDate(now));
    if (item.ownerId !== actor.id && facts.blocked) throw AppError.notFound();
    // The request the actor would make: only a requester may ask, so the owner is refused.
    const asked = { requesterId: actor.id, ownerId: item.ownerId, action: 'create' } as const;
    if (!can(actor, 'lendingRequest:act', asked)) throw ownItemRequest();
    const open = facts.open.map((row) => ({ requesterId: row.requester_id, status: row.status }));
    const mine = open.find((row) => row.requesterId === actor.id);
    const outcome = decideLendingStep('create', mine?.status ?? null);
    if (!outcome.allowed) throw refusalError(outcome.refusal);
    if (input.ownerId !== undefined && input.ownerId !== item.ownerId) {
      throw AppError.forbidden('ownerId is not the owner of the item');
    }

    // An item the owner keeps out of lending (spec §4 "no longer available") cannot be asked for; one lent out
    // can, for days after its loan (docs/decisions/0047): only days somebody holds are refused, with the nearest
    // free period of the same length.
    if (item.status === 'in_use') throw new AppError('item_not_available', 'The item is not available');
    // The suggestion never starts before the asked start or tomorrow in UTC, whichever is earlier: each is on
    // or after the requester's own today, so the borrow form accepts what it suggests in any time zone.
    const latestToday = latestLocalToday(now);
    refuseOverlap(
      itemHoldsFrom(facts.holds, utcToday(now)),
      { from: input.requestedFrom, until: input.expectedReturnDate },
      {
        earliest: input.requestedFrom < latestToday ? input.requestedFrom : latestToday,
        latestStart: latestBorrowStart(latestToday),
      },
    );

    // The request, the owner's system message and its notification: one statement
    // (message-writer/write-messages.ts). The request's id is chosen here so that the message can name it.
    const requestId = randomUUID();
    // Built by drizzle for its SQL only (never run by itself): a CTE of the message's statement.
    const insertRequest = tx
      .insert(lendingRequests)
      .values({
        id: requestId,
        itemId: item.id,
        requesterId: actor.id,
        ownerId: item.ownerId,
        message: input.message,
        requestedFrom: input.requestedFrom,
        expectedReturnDate: input.expectedReturnDate,
        status: outcome.next,
      })
      .returning();
    const stepMessage = lendingStepMessageNotifying({
      action: 'create',
      requestId,
      requesterId: actor.id,
      ownerId: item.ownerId,
      itemName: item.name,
      message: input.message,
    });
    const written = await mappingLendingConflicts(() => writeMessageAlong(tx, insertRequest.getSQL(), stepMessage));
    let created = tableRow(lendingRequests, written.along);
    const posted: PostedMessage[] = [written.message];
    // The owner's trust shortcut (issue 35, docs/decisions/0047): a request from someone they marked, for days
    // nobody holds (checked above), is accepted at once, by the same step as the owner's own accept, with its
    // system message.
    if (facts.trusted) {
      const accepted = await applyLendingStep(
        tx,
        { id: item.ownerId },
        'accept',
        created,
        { id: item.id, name: item.name, status: item.status },
        null,
        ACCEPT_WRITES_NO_DAY,
      );
      posted.push(...accepted.posted);
      const [acceptedRow] = await tx.select().from(lendingRequests).where(eq(lendingRequests.id, created.id));
      if (acceptedRow) created = acceptedRow;
    }
    return {
      requestId: created.id,
      itemId: item.id,
      requesterId: actor.id,
      ownerId: item.ownerId,
      posted,
      created: {
        request: created,
        // The requester could ask only because the item is shared with them: they see all of it.
        item: {
          id: item.id,
          name: item.name,
          category: item.category,
          description: item.description,
          imageUrl: item.imageUrl,
          visibleToViewer: true,
        },
        requesterId: actor.id,
        requesterName: facts.requester_name,
        requesterDeleted: false,
        ownerName: facts.owner_name,
        readerIsOwner: false,
        // A new request has no loan yet, so no problem on it.
        openProblem: false,
      },
    };
  });
}

/**
 * Whether the owner marked the requester as trusted (issue 35): their
 * address-book entry with auto_accept, or a group both are in where the
 * owner's membership has auto_accept_members.
 */
function trustedBy(ownerId: string, requesterId: string) {
  return sql`(EXISTS (SELECT 1 FROM ${contacts} c
                       WHERE c.user_id = ${ownerId} AND c.contact_user_id = ${requesterId} AND c.auto_accept)
           OR EXISTS (SELECT 1 FROM ${groupMembers} owner_membership
                        JOIN ${groupMembers} requester_membership
                          ON requester_membership.group_id = owner_membership.group_id
                       WHERE owner_membership.user_id = ${ownerId} AND owner_membership.auto_accept_members
                         AND requester_membership.user_id = ${requesterId}))`;
}

async function askingFacts(
  tx: DbOrTx,
  actorId: string,
  itemId: string,
  ownerId: string,
  earliest: string,
): Promise<AskingFacts> {
  const { rows } = await tx.execute<AskingFacts>(sql`
    SELECT ${blockBetween(actorId, ownerId)} AS blocked,
           (SELECT name FROM ${users} WHERE id = ${actorId}) AS requester_name,
           (SELECT name FROM ${users} WHERE id = ${ownerId}) AS owner_name,
           coalesce((SELECT json_agg(json_build_object('requester_id', ${lendingRequests.requesterId}, 'status', ${lendingRequests.status}))
                       FROM ${lendingRequests}
                      WHERE ${lendingRequests.itemId} = ${itemId} AND ${activeStatus}), '[]') AS open,
           ${itemHoldsJson(itemId, { from: earliest, until: null })} AS holds,
           ${trustedBy(ownerId, actorId)} AS trusted`);
  const [facts] = rows;
  if (!facts) throw new Error('The asking facts returned no row');
  return facts;
}
