import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoanBorrower, recordLoanSchema } from '@/contract/schemas/loan-history';
import type { Database, DbOrTx } from '../../db/client';
import { contacts, items, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorizeItem } from '../../items/item-access';
import type { LendingChange } from '../requests/announce-lending-change';
import { mappingLendingConflicts } from '../requests/lending-errors';
import { findPartner } from '../../messages/messaging-relationship';
import { writeMessages } from '../../message-writer/write-messages';
import { can, type Actor } from '../../policies';
import { consumeRateLimit } from '../../rate-limits/consume-rate-limit';
import { messageSendLimit } from '../../rate-limits/message-send-limit';
import { loanRecordedMessage } from './recorded-loan-messages';
import { syncLoanReminder } from '../reminders/sync-loan-reminder';
import { firstConflict, holdRefusal } from '../reservations/hold-conflict';
import { readItemHolds } from '../reservations/item-holds-query';
import { utcToday } from '../../dates/calendar-dates';

/** The body after parsing: defaults filled in, an empty note as null. */
export type RecordLoanValues = z.output<ReturnType<typeof recordLoanSchema>>;

export interface RecordedLoanChange extends LendingChange {
  /** The item went out with this loan: its viewers' lists show it as borrowed. */
  itemStatusChanged: boolean;
}

/** Who has the item, as the loan row stores it. */
interface BorrowerColumns {
  requesterId: string | null;
  borrowerContactId: string | null;
  borrowerName: string | null;
}

const lentToSomeoneElse = () =>
  new AppError('item_lent_to_someone_else', 'The item is already lent out or promised to someone');

/**
 * POST /api/items/{id}/loans (issue 19, docs/decisions/0028): the owner
 * writes down a loan made outside the app, ongoing or already over. One
 * transaction that locks the item first, like every lending write, so a
 * concurrent accept, hand-out or return queues behind it.
 *
 * An ongoing loan lends the item out now: refused while it is lent, or when
 * its days are promised to someone (the exclusion constraint settles a race);
 * other people's pending requests stay pending, as after an ordinary accept.
 * A finished loan is history only and leaves the item as it is.
 */
export async function recordLoan(
  db: Database,
  actor: Actor,
  itemId: string,
  input: RecordLoanValues,
): Promise<RecordedLoanChange> {
  return db.transaction(async (tx) => {
    // 404 for anyone who may not see the item, 403 for a viewer: only the owner lends it.
    const item = await authorizeItem(tx, actor, itemId, 'item:recordLoan', { lock: true });
    const borrower = await resolveBorrower(tx, actor, input.borrower);
    // Telling a registered borrower posts a message and a push, and a finished loan needs no free item: each
    // costs one message of the actor's send budget, or recording would message someone without limit. Counted in
    // this transaction, so only a loan that is written (and told) spends it.
    if (borrower.requesterId) await consumeRateLimit(tx, messageSendLimit(actor.id));
    const ongoing = input.returnedOn === null;
    if (ongoing) {
      // Their own request first: an accepted one also makes the item promised, and "lent to someone else"
      // would be the wrong words for the very person it is promised to.
      if (borrower.requesterId) await ensureNoOpenRequestBy(tx, item.id, borrower.requesterId);
      await ensureItemIsFree(tx, item, { from: input.lentOn, until: input.expectedReturnDate });
    }

    const [loan] = await mappingLendingConflicts(() =>
      tx
        .insert(lendingRequests)
        .values({
          itemId: item.id,
          ownerId: actor.id,
          origin: 'recorded',
          ...borrower,
          message: input.note,
          requestedFrom: input.lentOn,
          expectedReturnDate: input.expectedReturnDate,
          status: ongoing ? 'borrowed' : 'returned',
          respondedAt: sql`now()`,
          lentOn: input.lentOn,
          returnedOn: input.returnedOn,
        })
        .returning({ id: lendingRequests.id }),
    );
    if (!loan) throw new Error('Inserting the recorded loan returned no row');

    if (ongoing) {
      await tx
        .update(items)
        .set({ status: 'borrowed', updatedAt: sql`now()` })
        .where(eq(items.id, item.id));
      // Due-date reminders as for a loan handed out in the app (docs/decisions/0026); none without a due date.
      await syncLoanReminder(tx, {
        id: loan.id,
        previousStatus: null,
        status: 'borrowed',
        expectedReturnDate: input.expectedReturnDate,
      });
    }
    const { requesterId } = borrower;
    const posted =
      requesterId === null
        ? []
        : await writeMessages(tx, [
            loanRecordedMessage({ loanId: loan.id, ownerId: actor.id, borrowerId: requesterId, itemName: item.name }),
          ]);
    return { requestId: loan.id, itemId: item.id, requesterId, ownerId: actor.id, posted, itemStatusChanged: ongoing };
  });
}

/**
 * A registered contact the owner may message (an open channel, never across
 * a block: docs/decisions/0018) sees the loan on their side; anyone else is
 * the owner's record only, under the name the owner knows them by. Telling
 * someone "you have my drill" is a message, so the loan reaches only whom a
 * message could.
 */
async function resolveBorrower(tx: DbOrTx, actor: Actor, borrower: LoanBorrower): Promise<BorrowerColumns> {
  if ('name' in borrower) return { requesterId: null, borrowerContactId: null, borrowerName: borrower.name };
  const [contact] = await tx
    .select({ id: contacts.id, name: contacts.name, contactUserId: contacts.contactUserId })
    .from(contacts)
    .where(and(eq(contacts.id, borrower.contactId), eq(contacts.userId, actor.id)));
  // Someone else's address-book entry is as unknown as one that does not exist.
  if (!contact) throw AppError.notFound('Contact not found');
  if (contact.contactUserId) {
    const partner = await findPartner(tx, actor.id, contact.contactUserId);
    if (partner && can(actor, 'message:send', partner)) {
      return { requesterId: contact.contactUserId, borrowerContactId: contact.id, borrowerName: null };
    }
  }
  return { requesterId: null, borrowerContactId: contact.id, borrowerName: contact.name };
}

/**
 * A registered borrower who already asked for the item in the app (their
 * request is pending, or accepted and waiting for the hand-over) is answered
 * there: accepting and handing it over keeps one loan, with their own words,
 * instead of two. The partial unique index (one open request per person and
 * item) would refuse it anyway, with words meant for the requester.
 */
async function ensureNoOpenRequestBy(tx: DbOrTx, itemId: string, requesterId: string): Promise<void> {
  const [open] = await tx
    .select({ id: lendingRequests.id })
    .from(lendingRequests)
    .where(
      and(
        eq(lendingRequests.itemId, itemId),
        eq(lendingRequests.requesterId, requesterId),
        inArray(lendingRequests.status, ['pending', 'accepted']),
      ),
    )
    .limit(1);
  if (open) {
    throw new AppError('loan_borrower_has_request', 'The borrower already asked for this item: answer their request');
  }
}

/**
 * Lending out now needs the item at home (not handed out) and its days free
 * of anyone else's promise or the owner's own use (docs/decisions/0047):
 * refused with the days held. item_holds_never_overlap settles a race.
 */
async function ensureItemIsFree(
  tx: DbOrTx,
  item: { id: string; status: string },
  days: { from: string; until: string | null },
): Promise<void> {
  if (item.status === 'borrowed') throw lentToSomeoneElse();
  const conflict = firstConflict(await readItemHolds(tx, item.id, days, utcToday()), days);
  if (conflict) throw holdRefusal(conflict, 'owner');
}
