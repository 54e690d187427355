import { and, eq, sql } from 'drizzle-orm';
import { isBlockBetween } from '../../relations/block-sql';
import type { Database } from '../../db/client';
import { loanExtensionRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { noteWithStep } from '../requests/lending-messages';
import { writeMessages, type PostedMessage } from '../../message-writer/write-messages';
import { authorize, type Actor } from '../../policies';
import { extensionStepMessage } from './extension-messages';
import { lockLoan } from './lock-loan';
import type { ExtensionStep } from './request-extension';
import { moveDueDate } from './move-due-date';
import { ensureExtensionFits } from '../reservations/hold-conflict';
import { utcToday } from '../../dates/calendar-dates';

export type ExtensionAnswer = 'accept' | 'decline';

/**
 * POST /api/lending-requests/{id}/extension/{accept|decline}: the owner's
 * answer to the open extension request. Accepting moves the loan's due date
 * and queues its reminder job again, so the reminders follow the new date
 * (loan_reminders are per due date: the new one starts fresh). The system
 * message, and the owner's note after it, go to the borrower. Across a block
 * the answer counts, but no note crosses it either way: the owner's note is
 * dropped, and the borrower's note is not shown back (docs/decisions/0018).
 */
export async function answerExtension(
  db: Database,
  actor: Actor,
  lendingRequestId: string,
  answer: ExtensionAnswer,
  response: string | null,
): Promise<ExtensionStep> {
  return db.transaction(async (tx) => {
    const { loan, item } = await lockLoan(tx, actor, lendingRequestId);
    authorize(actor, 'loanExtension:answer', loan);
    const [open] = await tx
      .select()
      .from(loanExtensionRequests)
      .where(and(eq(loanExtensionRequests.lendingRequestId, loan.id), eq(loanExtensionRequests.status, 'pending')))
      .for('update');
    // A return withdraws an open extension (syncLoanReminder), so an open one means the item is still out.
    if (!open || loan.status !== 'borrowed') {
      throw new AppError(
        'request_transition_not_allowed',
        'No extension is waiting for an answer',
        'errors.extension_not_pending',
      );
    }
    const [extension] = await tx
      .update(loanExtensionRequests)
      .set({ status: answer === 'accept' ? 'accepted' : 'declined', respondedAt: sql`now()` })
      .where(eq(loanExtensionRequests.id, open.id))
      .returning();
    if (!extension) throw new Error('The extension row was not written');
    if (answer === 'accept' && loan.itemId && loan.expectedReturnDate) {
      const current = { ...loan, itemId: loan.itemId, expectedReturnDate: loan.expectedReturnDate };
      await ensureExtensionFits(tx, current, open.requestedUntil, utcToday(), 'owner');
    }
    if (answer === 'accept') await moveDueDate(tx, loan, open.requestedUntil);
    const blocked = await isBlockBetween(tx, loan.requesterId, loan.ownerId);
    const posted: PostedMessage[] = await writeMessages(tx, [
      extensionStepMessage({
        event: answer === 'accept' ? 'extension_accepted' : 'extension_declined',
        lendingRequestId: loan.id,
        borrowerId: loan.requesterId,
        ownerId: loan.ownerId,
        itemName: item.name,
        requestedUntil: open.requestedUntil,
      }),
      ...(response && !blocked
        ? [noteWithStep({ senderId: actor.id, receiverId: loan.requesterId, content: response })]
        : []),
    ]);
    return {
      extension: blocked ? { ...extension, message: null } : extension,
      change: { requestId: loan.id, itemId: item.id, requesterId: loan.requesterId, ownerId: loan.ownerId, posted },
    };
  });
}
