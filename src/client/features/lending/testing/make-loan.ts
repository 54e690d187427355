import type { LoanHistoryEntry } from '@/contract/schemas/loan-history';
import { DRILL_ID } from '@/client/testing/make-item';

/** A loan as the history endpoints return it: the reader lent the drill to Bob, who brought it back on time. */
export function makeLoan(overrides: Partial<LoanHistoryEntry> = {}): LoanHistoryEntry {
  return {
    id: 'loan-1',
    itemId: DRILL_ID,
    itemName: 'Cordless drill',
    role: 'lent',
    origin: 'request',
    status: 'returned',
    partner: { userId: 'user-2', contactId: 'contact-2', name: 'Bob Builder', deleted: false },
    lentOn: '2026-05-03',
    expectedReturnDate: '2026-05-10',
    returnedOn: '2026-05-09',
    returnedLate: false,
    note: null,
    returnCondition: null,
    openProblem: false,
    ...overrides,
  };
}
