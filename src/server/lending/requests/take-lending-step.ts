import { eq, sql } from 'drizzle-orm';
import { addDays } from '@/contract/schemas/lending';
import { utcToday } from '../../dates/calendar-dates';
import type { LendingAction } from '@/contract/schemas/lending';
import type { Database, DbOrTx } from '../../db/client';
import { items, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { visibleToViewer } from '../../items/item-visibility';
import { writeMessages, type PostedMessage } from '../../message-writer/write-messages';
import { syncLoanReminder } from '../reminders/sync-loan-reminder';
import { notifyWaitlist } from '../reservations/waitlist/notify-waitlist';
import { authorize, type Actor } from '../../policies';
import type { LendingChange } from './announce-lending-change';
import { mappingLendingConflicts, refusalError } from './lending-errors';
import { lendingStepMessageNotifying, noteWithStep } from './lending-messages';
import { decideLendingStep } from './lending-state-machine';
import { firstConflict, holdRefusal } from '../reservations/hold-conflict';
import { itemHoldsFrom, itemHoldsJson, type HoldRow } from '../reservations/item-holds-query';

/** Every step after creation: the owner's four and the requester's withdraw. */
export type LendingStepAction = Exclude<LendingAction, 'create'>;

type RequestRow = typeof lendingRequests.$inferSelect;
interface ItemRef {
  id: string;
  name: string;
  status: string;
}

const notFound = () => AppError.notFound('Lending request not found');

/**
 * PUT /api/lending-requests/{id} (owner) and DELETE (requester's withdraw).
 * Locks the item, then the request: the same order as every other lending
 * write, so concurrent steps queue instead of deadlocking, and each one sees
 * the status the previous one left.
 */
export async function takeLendingStep(
  db: Database,
  actor: Actor,
  requestId: string,
  action: LendingStepAction,
  timeZone: string,
  ownerResponse: string | null = null,
): Promise<LendingChange> {
  return db.transaction(async (tx) => {
    // The item id never changes (but for becoming NULL when the item is deleted: then the request is
    // history and takes no steps), so reading it unlocked to lock the item first is safe.
    const [ref] = await tx
      .select({ itemId: lendingRequests.itemId })
      .from(lendingRequests)
      .where(eq(lendingRequests.id, requestId));
    if (!ref?.itemId) throw notFound();
    const [item] = await tx
      .select({ id: items.id, name: items.name, status: items.status })
      .from(items)
      .where(eq(items.id, ref.itemId))
      .for('update');
    const [request] = await tx.select().from(lendingRequests).where(eq(lendingRequests.id, requestId)).for('update');
    // A loan recorded for someone without an account is not a request anybody answers: the owner takes the
    // item back with PUT /api/items/{id}/return, the only step it has.
    if (!item || !request || request.requesterId === null) throw notFound();
    return applyLendingStep(tx, actor, action, request, item, ownerResponse, timeZone);
  });
}

/**
 * One step on a locked request of a locked item, inside the caller's
 * transaction: authorization by the policy (a stranger gets 404, the other
 * party 403), then the state machine (409), the item's status and the
 * system message.
 */
export async function applyLendingStep(
  tx: DbOrTx,
  actor: Actor,
  action: LendingStepAction,
  request: RequestRow,
  item: ItemRef,
  ownerResponse: string | null,
  timeZone: string,
): Promise<LendingChange> {
  authorize(actor, 'lendingRequest:read', request, { hideAs404: true });
  authorize(actor, 'lendingRequest:act', { ...request, action });
  const outcome = decideLendingStep(action, request.status);
  if (!outcome.allowed) throw refusalError(outcome.refusal);

  if (action === 'accept') {
    await ensureDaysFree(tx, request, item);
    await ensureRequesterStillSeesIt(tx, request, item);
  }
  if (action === 'markBorrowed') ensureInHand(item);
  const decides = action === 'accept' || action === 'decline';
  // The loan's history keeps the day it was handed out and the day it came back, in the app's time zone.
  const today = sql`(now() AT TIME ZONE ${timeZone})::date`;
  // Racing accepts queue on the item's lock; item_holds_never_overlap is the final arbiter (a 409 item_booked
  // from the error handler, http/hold-overlap.ts), the partial unique index of one open request per requester too.
  await mappingLendingConflicts(() =>
    tx
      .update(lendingRequests)
      .set({
        status: outcome.next,
        updatedAt: sql`now()`,
        ...(decides ? { respondedAt: sql`now()`, ownerResponse } : {}),
        ...(action === 'markBorrowed' ? { lentOn: today } : {}),
        // Never before the day it went out: a recorded loan may start "today" in a zone ahead of ours, and loans
        // handed out before migration 0014 have the requested start as that day (0015 repairs the past ones).
        ...(action === 'markReturned' ? { returnedOn: sql`greatest(${lendingRequests.lentOn}, ${today})` } : {}),
      })
      .where(eq(lendingRequests.id, request.id)),
  );
  // Due-date reminders follow the loan: queued from the accept on, removed when it ends (docs/decisions/0026).
  await syncLoanReminder(tx, {
    id: request.id,
    previousStatus: request.status,
    status: outcome.next,
    expectedReturnDate: request.expectedReturnDate,
  });
  if (outcome.itemStatus) {
    await tx
      .update(items)
      .set({ status: outcome.itemStatus, updatedAt: sql`now()` })
      .where(eq(items.id, item.id));
  }
  // Back home: whoever waits for it and can have it now is told (issue 35).
  if (action === 'markReturned') await notifyWaitlist(tx, item.id);
  const { requesterId } = request;
  // A loan recorded for someone without an account (issue 19) is the owner's record only: nobody to tell.
  if (requesterId === null) {
    return { requestId: request.id, itemId: item.id, requesterId, ownerId: request.ownerId, posted: [] };
  }
  // The step's message, the owner's note if any, and the notification to the other person: one statement
  // (message-writer/write-messages.ts).
  const step = { action, requestId: request.id, requesterId, ownerId: request.ownerId, itemName: item.name };
  const answer =
    decides && ownerResponse ? { senderId: request.ownerId, receiverId: requesterId, content: ownerResponse } : null;
  const posted: PostedMessage[] = await writeMessages(tx, [
    lendingStepMessageNotifying(step),
    ...(answer ? [noteWithStep(answer)] : []),
  ]);
  return { requestId: request.id, itemId: item.id, requesterId, ownerId: request.ownerId, posted };
}

/**
 * Accepting holds the request's days (docs/decisions/0047): refused with the
 * days when someone else holds any of them. The days are the ones
 * `lending_request_held_days` will hold (drizzle/0029), asked of PostgreSQL
 * so the rule is written once; item_holds_never_overlap backs this up.
 */
async function ensureDaysFree(tx: DbOrTx, request: RequestRow, item: ItemRef): Promise<void> {
  const { rows } = await tx.execute<{ first_day: string; end_day: string | null; holds: HoldRow[] }>(sql`
    SELECT lower(d) AS first_day, upper(d) AS end_day, ${itemHoldsJson(item.id, sql`d`)} AS holds
      FROM lending_requests r, lending_request_held_days(r) AS d
     WHERE r.id = ${request.id}`);
  const [days] = rows;
  if (!days) throw notFound();
  const period = { from: days.first_day, until: days.end_day === null ? null : addDays(days.end_day, -1) };
  const conflict = firstConflict(itemHoldsFrom(days.holds, utcToday()), period, request.id);
  if (conflict) throw holdRefusal(conflict, 'owner');
}

/** Handing out needs the item in hand: nobody else has it now (their days may be over, the item not back yet). */
function ensureInHand(item: ItemRef): void {
  if (item.status === 'borrowed') {
    throw new AppError('item_lent_to_someone_else', 'The item is still lent to someone else');
  }
}

/**
 * Accepting promises the item to the requester, so they must still be
 * allowed to see it: a request made before the owner removed them as a
 * contact, withdrew the share or before one of them left the shared group
 * is refused (409 item_not_available) instead of handing the item to
 * someone it is no longer shared with. It can still be declined.
 */
async function ensureRequesterStillSeesIt(tx: DbOrTx, request: RequestRow, item: ItemRef): Promise<void> {
  // Only a request is accepted, and a request always has its requester (a CHECK says so).
  if (request.requesterId === null) throw notFound();
  const [row] = await tx
    .select({ visible: sql<boolean>`${visibleToViewer(request.requesterId)}` })
    .from(items)
    .where(eq(items.id, item.id));
  if (!row?.visible) {
    throw new AppError('item_not_available', 'The item is no longer shared with the requester');
  }
}
