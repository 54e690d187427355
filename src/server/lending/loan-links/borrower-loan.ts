import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { LIMITS } from '@/contract/limits';
import type { BorrowerLoan } from '@/contract/schemas/loan-link';
import { extensionFormSchema } from '@/contract/schemas/loans';
import { issueInvitationToken } from '../../contacts/invitation-link';
import { utcToday } from '../../dates/calendar-dates';
import type { Database, DbOrTx } from '../../db/client';
import { itemPhotos, items, lendingRequests, loanLinks, loanReports, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { consumeRateLimit } from '../../rate-limits/consume-rate-limit';
import { ensureExtensionFits } from '../reservations/hold-conflict';
import { firstName, linkPhotoUrl, presentLinkExtension } from './link-presenter';
import { isLoanLinkToken, loanLinkTokenHash } from './link-token';
import { tellOwnerOfLinkStep } from './tell-owner';

/** One answer for every link that opens nothing: unknown, malformed, turned off, or its loan over. */
const noLoan = () => AppError.notFound('No loan behind this link');

/**
 * Every request through a loan link spends the address's hourly budget
 * first (LIMITS.loanLinkRequestsPerHour, held in PostgreSQL so it holds
 * across instances), before any token is looked up: guessing links costs
 * the guesser, and a page with its photos fits well inside it.
 */
export async function spendLinkBudget(db: DbOrTx, ip: string): Promise<void> {
  await consumeRateLimit(db, { key: `loan-link:${ip}`, max: LIMITS.loanLinkRequestsPerHour, windowSeconds: 3600 });
}

/**
 * The loan a link opens, or 404: the link's hash is found, it is not turned
 * off, and its loan is still out and still has no account behind it (once
 * the borrower joins, the loan is theirs in the app and the link ends).
 * `lock` locks the link's row for a write.
 */
export async function findLinkedLoan(tx: DbOrTx, token: string, options: { lock: boolean }) {
  if (!isLoanLinkToken(token)) throw noLoan();
  const query = tx
    .select({ link: loanLinks, loan: lendingRequests })
    .from(loanLinks)
    .innerJoin(lendingRequests, eq(lendingRequests.id, loanLinks.lendingRequestId))
    .where(
      and(
        eq(loanLinks.tokenHash, loanLinkTokenHash(token)),
        isNull(loanLinks.revokedAt),
        eq(lendingRequests.status, 'borrowed'),
        isNull(lendingRequests.requesterId),
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: loanLinks }) : await query;
  if (!row?.loan.itemId) throw noLoan();
  return { link: row.link, loan: { ...row.loan, itemId: row.loan.itemId } };
}

/**
 * GET /api/loan-links/{token}: the one loan, as its borrower needs it: the
 * item with its photos, the dates, the owner's note and photos of the
 * hand-out, the owner's first name, and what the borrower said through the
 * link. Nothing about anyone else. Three statements.
 */
export async function readBorrowerLoan(db: Database, token: string): Promise<BorrowerLoan> {
  const { link, loan } = await findLinkedLoan(db, token, { lock: false });
  const [[item], photos] = await Promise.all([
    db
      .select({
        name: items.name,
        description: items.description,
        category: items.category,
        ownerName: users.name,
      })
      .from(items)
      .innerJoin(users, eq(users.id, items.ownerId))
      .where(eq(items.id, loan.itemId)),
    db
      .select({ id: itemPhotos.id, itemId: itemPhotos.itemId, note: loanReports.note, reportId: itemPhotos.reportId })
      .from(itemPhotos)
      .leftJoin(loanReports, eq(loanReports.id, itemPhotos.reportId))
      .where(linkPhotosOf(loan))
      .orderBy(asc(itemPhotos.position)),
  ]);
  if (!item) throw noLoan();
  const [handoverEntry] = await db.select({ note: loanReports.note }).from(loanReports).where(ownersHandover(loan));
  const handoverPhotos = photos.filter((photo) => photo.reportId !== null);
  return {
    item: {
      name: item.name,
      description: item.description,
      category: item.category,
      photos: photos
        .filter((photo) => photo.itemId !== null)
        .map((photo) => ({ id: photo.id, url: linkPhotoUrl(token, photo.id) })),
    },
    ownerFirstName: firstName(item.ownerName),
    lentOn: loan.lentOn,
    dueDate: loan.expectedReturnDate,
    handover:
      handoverEntry || handoverPhotos.length > 0
        ? {
            note: handoverEntry?.note ?? null,
            photos: handoverPhotos.map((photo) => ({ id: photo.id, url: linkPhotoUrl(token, photo.id) })),
          }
        : null,
    handoverConfirmedAt: link.handoverConfirmedAt?.toISOString() ?? null,
    returnReportedAt: link.returnReportedAt?.toISOString() ?? null,
    extension: presentLinkExtension(link),
  };
}

/** The owner's own hand-out entry on the loan: the only record the link shows. */
const ownersHandover = (loan: { id: string; ownerId: string }) =>
  and(
    eq(loanReports.lendingRequestId, loan.id),
    eq(loanReports.kind, 'handover'),
    eq(loanReports.authorId, loan.ownerId),
  );

/** The photos a link opens: the item's own, and those of the owner's hand-out entry. */
export const linkPhotosOf = (loan: { id: string; itemId: string; ownerId: string }) =>
  sql`(${itemPhotos.itemId} = ${loan.itemId} OR ${itemPhotos.reportId} IN (
    SELECT r.id FROM ${loanReports} r WHERE r.lending_request_id = ${loan.id} AND r.kind = 'handover'
       AND r.author_id = ${loan.ownerId}))`;

/**
 * POST /api/loan-links/{token}/have-it: "I have it", the hand-over confirmed; the owner is told the
 * first time (saying it twice changes nothing).
 */
export async function confirmHandover(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const { link, loan } = await findLinkedLoan(tx, token, { lock: true });
    await tx
      .update(loanLinks)
      .set({ handoverConfirmedAt: sql`coalesce(${loanLinks.handoverConfirmedAt}, now())` })
      .where(eq(loanLinks.lendingRequestId, loan.id));
    if (!link.handoverConfirmedAt) await tellOwnerOfLinkStep(tx, loan, 'loan_link_have_it');
    return loan;
  });
}

/** POST /api/loan-links/{token}/brought-back: "I brought it back"; the owner is told, and confirms by taking it back. */
export async function reportBroughtBack(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const { link, loan } = await findLinkedLoan(tx, token, { lock: true });
    await tx
      .update(loanLinks)
      .set({ returnReportedAt: sql`coalesce(${loanLinks.returnReportedAt}, now())` })
      .where(eq(loanLinks.lendingRequestId, loan.id));
    if (!link.returnReportedAt) await tellOwnerOfLinkStep(tx, loan, 'loan_link_brought_back');
    return loan;
  });
}

/**
 * POST /api/loan-links/{token}/extension: "ask for more time", with the
 * rules of an extension in the app (later than the due date, not in the
 * past, at most a year on; 400 on the field). One open ask at a time: a new
 * one replaces an unanswered one, and one answered may be followed by another.
 */
export async function askForMoreTime(
  db: Database,
  token: string,
  body: { requestedUntil: string; message: string | null },
  earliest: string,
) {
  return db.transaction(async (tx) => {
    const { loan } = await findLinkedLoan(tx, token, { lock: true });
    if (!loan.expectedReturnDate) throw new AppError('loan_report_closed', 'This loan has no due date to move');
    const checked = extensionFormSchema(loan.expectedReturnDate, earliest).safeParse({
      requestedUntil: body.requestedUntil,
      message: body.message ?? '',
    });
    if (!checked.success) {
      throw AppError.invalid(
        'Invalid extension date',
        undefined,
        checked.error.issues.map((issue) => ({ path: issue.path.join('.'), messageKey: issue.message })),
      );
    }
    // Not into the next person's days (issue 35): refused with the days in the way, as in the app.
    await ensureExtensionFits(
      tx,
      { id: loan.id, itemId: loan.itemId, expectedReturnDate: loan.expectedReturnDate },
      checked.data.requestedUntil,
      utcToday(),
      'borrower',
    );
    await tx
      .update(loanLinks)
      .set({
        extensionUntil: checked.data.requestedUntil,
        extensionNote: checked.data.message,
        extensionAskedAt: sql`now()`,
        extensionAnswer: null,
      })
      .where(eq(loanLinks.lendingRequestId, loan.id));
    await tellOwnerOfLinkStep(tx, loan, 'loan_link_more_time', { dueDate: checked.data.requestedUntil });
    return loan;
  });
}

/**
 * POST /api/loan-links/{token}/join: "Join Lendloop" from the link. For a
 * loan recorded for an address-book entry, the answer is the owner's own
 * invitation link for that entry (contacts/invitation-link.ts): joining
 * through it links the entry and its recorded loans to the new account, as
 * an invitation always does, and the loan link ends with it. A loan for a
 * typed name has no entry to invite: 409, and the page says to ask the
 * owner to add them as a contact, as inviting would need too.
 */
export async function joinThroughLink(db: Database, token: string, publicUrl: URL, invitationKey: string) {
  const { loan } = await findLinkedLoan(db, token, { lock: false });
  const noEntry = () =>
    new AppError('loan_report_closed', 'This loan names no address-book entry', 'errors.loan_link_join_unavailable');
  if (!loan.borrowerContactId) throw noEntry();
  const issued = await issueInvitationToken(db, invitationKey, loan.ownerId, loan.borrowerContactId);
  if (!issued) throw noEntry();
  const link = new URL('/invite', publicUrl);
  link.searchParams.set('ref', issued.token);
  return { inviteUrl: link.href };
}
