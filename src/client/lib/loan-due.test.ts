import { describe, expect, it } from 'vitest';
import { isOverdueLoan, loanDueState } from './loan-due';

describe('loanDueState', () => {
  it('counts the days until the due date, says "today" on it and "overdue" after it', () => {
    expect(loanDueState('2026-06-10', '2026-06-07')).toEqual({ kind: 'dueIn', days: 3 });
    expect(loanDueState('2026-06-10', '2026-06-09')).toEqual({ kind: 'dueIn', days: 1 });
    expect(loanDueState('2026-06-10', '2026-06-10')).toEqual({ kind: 'dueToday' });
    expect(loanDueState('2026-06-10', '2026-06-12')).toEqual({ kind: 'overdue', since: '2026-06-10', days: 2 });
  });

  it('counts calendar days across a change of summer time and a year', () => {
    expect(loanDueState('2026-03-30', '2026-03-28')).toEqual({ kind: 'dueIn', days: 2 });
    expect(loanDueState('2027-01-01', '2026-12-31')).toEqual({ kind: 'dueIn', days: 1 });
    expect(loanDueState('soon', '2026-12-31')).toBeNull();
  });
});

describe('isOverdueLoan', () => {
  it('is true only for a borrowed loan past its due date', () => {
    const loan = { status: 'borrowed', expectedReturnDate: '2026-06-10' };
    expect(isOverdueLoan(loan, '2026-06-11')).toBe(true);
    expect(isOverdueLoan(loan, '2026-06-10')).toBe(false);
    expect(isOverdueLoan({ ...loan, status: 'accepted' }, '2026-06-11')).toBe(false);
    expect(isOverdueLoan({ ...loan, expectedReturnDate: null }, '2026-06-11')).toBe(false);
    expect(isOverdueLoan(undefined, '2026-06-11')).toBe(false);
  });
});
