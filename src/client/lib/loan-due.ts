/**
 * Where a loan stands against its due date (issue 18): the due date is the
 * lending request's `expectedReturnDate`, a calendar day; `today` is the
 * reader's local calendar day (lib/local-date.ts). Shared by the lending
 * feature's labels and My Items' Overdue filter.
 */
export type LoanDueState =
  { kind: 'dueIn'; days: number } | { kind: 'dueToday' } | { kind: 'overdue'; since: string; days: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`); NaN when either is not a date. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function loanDueState(dueDate: string, today: string): LoanDueState | null {
  const days = calendarDaysBetween(today, dueDate);
  if (Number.isNaN(days)) return null;
  if (days > 0) return { kind: 'dueIn', days };
  if (days === 0) return { kind: 'dueToday' };
  return { kind: 'overdue', since: dueDate, days: -days };
}

/** A loan that is out (borrowed) and past its due date. */
export function isOverdueLoan(
  loan: { status: string; expectedReturnDate: string | null } | undefined,
  today: string,
): boolean {
  if (loan?.status !== 'borrowed' || !loan.expectedReturnDate) return false;
  return loanDueState(loan.expectedReturnDate, today)?.kind === 'overdue';
}
