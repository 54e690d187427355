import { and, eq } from 'drizzle-orm';
import { extensionFormSchema } from '@/contract/schemas/loans';
import { isBlockBetween } from '../../relations/block-sql';
import { earliestReservationDate, utcToday } from '../../dates/calendar-dates';
import type { Database } from '../../db/client';
import { loanExtensionRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { LendingChange } from '../requests/announce-lending-change';
import { noteWithStep } from '../requests/lending-messages';
import { writeMessages, type PostedMessage } from '../../message-writer/write-messages';
import { authorize, type Actor } from '../../policies';
import { extensionStepMessage } from './extension-messages';
import { lockLoan } from './lock-loan';
import { ensureExtensionFits } from '../reservations/hold-conflict';

export type ExtensionRow = typeof loanExtensionRequests.$inferSelect;

export interface ExtensionStep {
  extension: ExtensionRow;
  change: LendingChange;
}

/**
 * POST /api/lending-requests/{id}/extension: the borrower asks to keep the
 * item until a later date. Only while the item is out (borrowed), one open
 * request at a time, the date after the current due date (and not in the
 * past, at most a year later). Posts the system message, and the borrower's
 * note as their own message after it, in the same transaction.
 *
 * Across a block (either way) the loan goes on, so the request does too, but
 * the note is dropped: it would be free text to someone the message rules
 * keep them from writing to (docs/decisions/0018).
 */
export async function requestExtension(
  db: Database,
  actor: Actor,
  lendingRequestId: string,
  input: { requestedUntil: string; message: string | null },
): Promise<ExtensionStep> {
  return db.transaction(async (tx) => {
    const { loan, item } = await lockLoan(tx, actor, lendingRequestId);
    authorize(actor, 'loanExtension:request', loan);
    if (loan.status !== 'borrowed' || !loan.expectedReturnDate) throw notOut();
    const parsed = extensionFormSchema(loan.expectedReturnDate, earliestReservationDate()).safeParse({
      requestedUntil: input.requestedUntil,
      message: input.message ?? '',
    });
    if (!parsed.success) {
      throw AppError.invalid(
        'Invalid input',
        'errors.invalid_input',
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), messageKey: issue.message })),
      );
    }
    // Under the request's lock, so two tabs asking at once cannot both pass;
    // the partial unique index would refuse the second anyway.
    const [open] = await tx
      .select({ id: loanExtensionRequests.id })
      .from(loanExtensionRequests)
      .where(and(eq(loanExtensionRequests.lendingRequestId, loan.id), eq(loanExtensionRequests.status, 'pending')));
    if (open) {
      throw new AppError(
        'request_already_active',
        'An extension is already pending',
        'errors.extension_already_pending',
      );
    }
    const { requestedUntil } = parsed.data;
    if (loan.itemId) {
      await ensureExtensionFits(
        tx,
        { ...loan, itemId: loan.itemId, expectedReturnDate: loan.expectedReturnDate },
        requestedUntil,
        utcToday(),
        'borrower',
      );
    }
    // Its own statement after the lock, so it sees a block the owner committed while this waited.
    const message = (await isBlockBetween(tx, loan.requesterId, loan.ownerId)) ? null : parsed.data.message;
    const [extension] = await tx
      .insert(loanExtensionRequests)
      .values({ lendingRequestId: loan.id, requesterId: actor.id, requestedUntil, message })
      .returning();
    if (!extension) throw new Error('The extension row was not written');
    const posted: PostedMessage[] = await writeMessages(tx, [
      extensionStepMessage({
        event: 'extension_requested',
        lendingRequestId: loan.id,
        borrowerId: loan.requesterId,
        ownerId: loan.ownerId,
        itemName: item.name,
        requestedUntil,
      }),
      ...(message ? [noteWithStep({ senderId: actor.id, receiverId: loan.ownerId, content: message })] : []),
    ]);
    return {
      extension,
      change: { requestId: loan.id, itemId: item.id, requesterId: loan.requesterId, ownerId: loan.ownerId, posted },
    };
  });
}

const notOut = () =>
  new AppError(
    'request_transition_not_allowed',
    'Only a loan that is handed over can be extended',
    'errors.extension_not_possible',
  );
