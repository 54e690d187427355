import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACTIVE_REQUEST_STATUSES } from '../../contract/enums';
import { isReservedForPersonalUse } from '../../contract/items';
import type { createLendingRequestSchema } from '../../contract/schemas/lending';
import { latestLocalToday } from '../dates/calendar-dates';
import { isBlockBetween } from '../blocks/block-sql';
import type { Database } from '../db/client';
import { lendingRequests } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorizeItem } from '../items/item-access';
import { insertMessages } from '../messages/post-message';
import { can, type Actor } from '../policies';
import type { LendingChange } from './announce-lending-change';
import { mappingLendingConflicts, ownItemRequest, refusalError } from './lending-errors';
import { lendingStepMessage } from './lending-messages';
import { decideLendingStep } from './lending-state-machine';

/**
 * The open statuses as literals in the statement's text, not parameters:
 * only then does the generic plan know it may use the partial index
 * lending_requests_one_open_per_requester, so PostgreSQL stops planning
 * this statement anew on every request (docs/performance.md, round 3).
 * The list is the contract's constant, never input.
 */
const activeStatus = sql`${lendingRequests.status} IN (${sql.raw(ACTIVE_REQUEST_STATUSES.map((status) => `'${status}'`).join(', '))})`;

export type CreateLendingRequestValues = z.output<ReturnType<typeof createLendingRequestSchema>>;

/**
 * POST /api/lending-requests (spec §4, §7). The item row is locked, so this
 * request and any other step on the same item (accept, hand-over, return,
 * the owner's edit) happen one after the other and see each other's result.
 * The request and its notification to the owner commit together.
 */
export async function createLendingRequest(
  db: Database,
  actor: Actor,
  input: CreateLendingRequestValues,
  today = latestLocalToday(),
): Promise<LendingChange> {
  return db.transaction(async (tx) => {
    // Asking needs sight of the item (`item:read`: 404 for anyone it is not
    // shared with, as if it did not exist); the lending policy refuses the owner.
    const item = await authorizeItem(tx, actor, input.itemId, 'item:read', { lock: true });
    // The visibility rule above already hides items across a block; this
    // fresh statement also sees a block committed while we waited for the
    // item's lock (blocking locks the blocker's items, docs/decisions/0018).
    if (item.ownerId !== actor.id && (await isBlockBetween(tx, actor.id, item.ownerId))) throw AppError.notFound();
    // The request the actor would make: only a requester may ask, so the owner is refused.
    const asked = { requesterId: actor.id, ownerId: item.ownerId, action: 'create' } as const;
    if (!can(actor, 'lendingRequest:act', asked)) throw ownItemRequest();
    const open = await tx
      .select({ requesterId: lendingRequests.requesterId, status: lendingRequests.status })
      .from(lendingRequests)
      .where(and(eq(lendingRequests.itemId, item.id), activeStatus));
    const mine = open.find((row) => row.requesterId === actor.id);
    const outcome = decideLendingStep('create', mine?.status ?? null);
    if (!outcome.allowed) throw refusalError(outcome.refusal);
    if (input.ownerId !== undefined && input.ownerId !== item.ownerId) {
      throw AppError.forbidden('ownerId is not the owner of the item');
    }

    const lentToSomeoneElse =
      item.status === 'borrowed' || open.some((row) => row.status === 'accepted' || row.status === 'borrowed');
    if (lentToSomeoneElse) {
      throw new AppError('item_lent_to_someone_else', 'The item is promised or lent to someone else');
    }
    if (item.status !== 'available') throw new AppError('item_not_available', 'The item is not available');
    if (isReservedForPersonalUse(item.personalUseUntil, today)) {
      throw new AppError('item_reserved', 'The owner keeps the item for personal use');
    }

    const [created] = await mappingLendingConflicts(() =>
      tx
        .insert(lendingRequests)
        .values({
          itemId: item.id,
          requesterId: actor.id,
          ownerId: item.ownerId,
          message: input.message,
          requestedFrom: input.requestedFrom,
          expectedReturnDate: input.expectedReturnDate,
          status: outcome.next,
        })
        .returning({ id: lendingRequests.id }),
    );
    if (!created) throw new Error('The new lending request was not returned');
    const posted = await insertMessages(tx, [
      lendingStepMessage({
        action: 'create',
        requestId: created.id,
        requesterId: actor.id,
        ownerId: item.ownerId,
        itemName: item.name,
        message: input.message,
      }),
    ]);
    return { requestId: created.id, itemId: item.id, requesterId: actor.id, ownerId: item.ownerId, posted };
  });
}
