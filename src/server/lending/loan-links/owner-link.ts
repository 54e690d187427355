import { eq, sql } from 'drizzle-orm';
import { extensionFormSchema } from '@/contract/schemas/loans';
import type { LoanLinkState } from '@/contract/schemas/loan-link';
import type { Database, DbOrTx } from '../../db/client';
import { lendingRequests, loanLinks } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';
import { utcToday } from '../../dates/calendar-dates';
import { moveDueDate } from '../loans/move-due-date';
import { ensureExtensionFits } from '../reservations/hold-conflict';
import { presentLinkExtension } from './link-presenter';
import { loanLinkTokenHash, newLoanLinkToken } from './link-token';

const notFound = () => AppError.notFound('Lending request not found');
const closed = (message: string) => new AppError('loan_report_closed', message);

/**
 * The loan the owner manages a link for: theirs (anyone else gets 404, as
 * for every lending request), recorded for someone without an account.
 * Locked for a write (`lock`), so a step through the link waits its turn.
 */
async function ownLinkableLoan(tx: DbOrTx, actor: Actor, loanId: string, lock = true) {
  const query = tx.select().from(lendingRequests).where(eq(lendingRequests.id, loanId));
  const [loan] = lock ? await query.for('update') : await query;
  if (!loan) throw notFound();
  authorize(actor, 'lendingRequest:read', loan, { hideAs404: true });
  authorize(actor, 'loanLink:manage', loan);
  if (loan.requesterId !== null) throw closed('This borrower has an account: the loan is theirs in the app');
  return loan;
}

/**
 * POST /api/lending-requests/{id}/borrower-link: a new link for a loan the
 * owner recorded for someone without an account, while it is out. The old
 * link, if any, stops at once (its hash is replaced); what the borrower said
 * through it stays. Returns the token, shown once.
 */
export async function makeLoanLink(db: Database, actor: Actor, loanId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const loan = await ownLinkableLoan(tx, actor, loanId);
    if (loan.status !== 'borrowed') throw closed('Only a loan that is out has a link');
    const token = newLoanLinkToken();
    const tokenHash = loanLinkTokenHash(token);
    await tx
      .insert(loanLinks)
      .values({ lendingRequestId: loan.id, tokenHash })
      .onConflictDoUpdate({
        target: loanLinks.lendingRequestId,
        set: { tokenHash, createdAt: sql`now()`, revokedAt: null },
      });
    return token;
  });
}

/** DELETE /api/lending-requests/{id}/borrower-link: the link stops working at once. */
export async function revokeLoanLink(db: Database, actor: Actor, loanId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const loan = await ownLinkableLoan(tx, actor, loanId);
    await tx
      .update(loanLinks)
      .set({ revokedAt: sql`now()` })
      .where(eq(loanLinks.lendingRequestId, loan.id));
  });
}

/** GET /api/lending-requests/{id}/borrower-link: whether a link works, and what the borrower said through it. */
export async function getLoanLinkState(db: Database, actor: Actor, loanId: string): Promise<LoanLinkState> {
  const loan = await ownLinkableLoan(db, actor, loanId, false);
  const [link] = await db.select().from(loanLinks).where(eq(loanLinks.lendingRequestId, loan.id));
  return {
    active: !!link && link.revokedAt === null && loan.status === 'borrowed',
    createdAt: link?.createdAt.toISOString() ?? null,
    handoverConfirmedAt: link?.handoverConfirmedAt?.toISOString() ?? null,
    returnReportedAt: link?.returnReportedAt?.toISOString() ?? null,
    extension: link ? presentLinkExtension(link) : null,
  };
}

/**
 * POST /api/lending-requests/{id}/borrower-link/extension/{accept|decline}:
 * the owner answers the link holder's "ask for more time". Accepting moves
 * the due date (and its reminder), as for an extension in the app; the date
 * is checked again against today, as the form checked it.
 */
export async function answerLinkExtension(
  db: Database,
  actor: Actor,
  loanId: string,
  answer: 'accept' | 'decline',
  earliest: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const loan = await ownLinkableLoan(tx, actor, loanId);
    const [link] = await tx.select().from(loanLinks).where(eq(loanLinks.lendingRequestId, loan.id)).for('update');
    if (!link?.extensionUntil || link.extensionAnswer !== null || loan.status !== 'borrowed') {
      throw closed('No open request for more time');
    }
    if (answer === 'accept') {
      const due = loan.expectedReturnDate;
      const date = due ? extensionFormSchema(due, earliest).shape.requestedUntil.safeParse(link.extensionUntil) : null;
      if (date && !date.success) throw closed('The date asked for is no longer possible');
      // A booking may have come in since it was asked: the owner is told the days in the way (issue 35).
      if (due && loan.itemId) {
        await ensureExtensionFits(
          tx,
          { id: loan.id, itemId: loan.itemId, expectedReturnDate: due },
          link.extensionUntil,
          utcToday(),
          'owner',
        );
      }
      await moveDueDate(tx, loan, link.extensionUntil);
    }
    await tx
      .update(loanLinks)
      .set({ extensionAnswer: answer === 'accept' ? 'accepted' : 'declined' })
      .where(eq(loanLinks.lendingRequestId, loan.id));
  });
}
