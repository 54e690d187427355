import type { LoanHistoryEntry } from '@/contract/schemas/loan-history';
import type { LoanHistoryRow } from './loan-history-query';

type LoanPartner = LoanHistoryEntry['partner'];

/**
 * The other person of a loan as the reader sees them. A registered partner
 * (or the stand-in of a deleted account, `deleted`: the client shows
 * "Deleted account") by their account's name, with the reader's own
 * address-book entry for them. Someone the owner recorded without an account
 * by the entry's current name (edits in the address book show here), or by
 * the name typed when the loan was recorded once the entry is gone; only the
 * owner reads such a loan, since nobody else is party to it.
 */
function presentPartner(row: LoanHistoryRow): LoanPartner {
  if (row.partnerUserId !== null && row.partnerName !== null) {
    return {
      userId: row.partnerUserId,
      // For an owner's record the entry it was recorded for; else the reader's entry for that account. None for
      // a stand-in: "Deleted account" must not lead back to the person's entry (docs/decisions/0015).
      contactId: row.partnerDeleted
        ? null
        : (row.readerContactId ?? (row.readerIsOwner ? row.borrowerContactId : null)),
      name: row.partnerName,
      deleted: row.partnerDeleted,
    };
  }
  const name = row.borrowerContactName ?? row.borrowerName;
  // The CHECK lending_requests_borrower_known guarantees a name when there is no registered borrower.
  if (!row.readerIsOwner || name === null) throw new Error(`Loan ${row.id} has neither a borrower nor a name`);
  return { userId: null, contactId: row.borrowerContactId, name, deleted: false };
}

/** "Returned late": only a loan that came back and had a due date can be late (ISO dates compare as text). */
function returnedLate(row: LoanHistoryRow): boolean | null {
  if (row.returnedOn === null || row.expectedReturnDate === null) return null;
  return row.returnedOn > row.expectedReturnDate;
}

export function presentLoanHistoryEntry(row: LoanHistoryRow): LoanHistoryEntry {
  if (row.itemName === null) throw new Error(`Loan ${row.id} has neither an item nor an item name`);
  return {
    id: row.id,
    itemId: row.itemId,
    itemName: row.itemName,
    role: row.readerIsOwner ? 'lent' : 'borrowed',
    origin: row.origin,
    status: row.status,
    partner: presentPartner(row),
    lentOn: row.lentOn,
    expectedReturnDate: row.expectedReturnDate,
    returnedOn: row.returnedOn,
    returnedLate: returnedLate(row),
    // Only a recorded loan's note, and only for its owner: they wrote it for themselves, maybe before the
    // borrower had an account (linkRecordedLoans), so it never reaches the borrower. A request's message is the
    // ask ("could I borrow it for the shelves?"), written before there was a loan; it stays in the request and
    // the conversation both already have, and would read as a note on the loan here.
    note: row.origin === 'recorded' && row.readerIsOwner ? row.message : null,
    returnCondition: row.returnCondition,
    openProblem: row.openProblem,
  };
}
