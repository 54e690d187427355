import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeLoan } from '../testing/make-loan';
import { LoanHistoryList } from './loan-history-list';

const rows = () => screen.getAllByTestId('loan-history-entry');
const statusOf = (row: HTMLElement) => within(row).getByTestId('loan-history-status').textContent;

describe('<LoanHistoryList/>', () => {
  it('tells on time, late, still out, disputed and not handed out apart', () => {
    renderWithProviders(
      <LoanHistoryList
        subject="item"
        emptyText="none"
        entries={[
          makeLoan({ id: 'a' }),
          makeLoan({ id: 'b', returnedOn: '2026-05-12', returnedLate: true }),
          makeLoan({ id: 'c', status: 'borrowed', returnedOn: null, returnedLate: null }),
          makeLoan({ id: 'd', status: 'disputed', origin: 'recorded', returnedOn: null, returnedLate: null }),
          makeLoan({ id: 'e', expectedReturnDate: null, returnedLate: null }),
          makeLoan({ id: 'f', status: 'accepted', lentOn: null, returnedOn: null, returnedLate: null }),
        ]}
      />,
    );
    expect(rows().map(statusOf)).toEqual([
      'Returned on time',
      'Returned late',
      'Still out',
      'Marked as not right',
      'Returned',
      'Not handed out',
    ]);
    const disputed = rows()[3]!;
    // Ended, not out: the day it was lent, never "Since".
    expect(within(disputed).getByTestId('loan-history-period').textContent).toBe('May 3, 2026');
    expect(rows().map((row) => row.dataset.outcome)).toEqual([
      'onTime',
      'late',
      'out',
      'disputed',
      'returned',
      'notHandedOut',
    ]);
  });

  it('names who had the item and when, the due date while it is out, and marks recorded loans', () => {
    renderWithProviders(
      <LoanHistoryList
        subject="item"
        emptyText="none"
        entries={[
          makeLoan({ id: 'a', origin: 'recorded', note: 'With the spare battery' }),
          makeLoan({ id: 'b', status: 'borrowed', returnedOn: null, returnedLate: null }),
        ]}
      />,
    );
    const [returned, out] = rows() as [HTMLElement, HTMLElement];
    expect(within(returned).getByTestId('loan-history-partner').textContent).toBe('Lent to Bob Builder');
    expect(within(returned).getByTestId('loan-history-period').textContent).toBe('May 3, 2026 – May 9, 2026');
    expect(within(returned).getByTestId('loan-history-recorded').textContent).toBe('Recorded');
    expect(returned.textContent).toContain('With the spare battery');
    expect(within(returned).queryByTestId('loan-history-item')).toBeNull();
    expect(within(out).getByTestId('loan-history-period').textContent).toBe('Since May 3, 2026');
    expect(out.textContent).toContain('Back by May 10, 2026');
    expect(within(out).queryByTestId('loan-history-recorded')).toBeNull();
  });

  it('per person: names the item, keeps a deleted one by name, and a deleted partner is "Deleted account"', () => {
    renderWithProviders(
      <LoanHistoryList
        subject="person"
        emptyText="none"
        entries={[
          makeLoan({ id: 'a', itemId: null, itemName: 'Old tent' }),
          makeLoan({
            id: 'b',
            role: 'borrowed',
            partner: { userId: 'stand-in', contactId: null, name: 'Stand-in', deleted: true },
          }),
        ]}
      />,
    );
    const [deletedItem, deletedPartner] = rows() as [HTMLElement, HTMLElement];
    expect(within(deletedItem).getByTestId('loan-history-item').textContent).toBe('Old tent(Item deleted)');
    expect(within(deletedPartner).getByTestId('loan-history-item').textContent).toBe('Cordless drill');
    expect(within(deletedPartner).getByTestId('loan-history-partner').textContent).toBe(
      'Borrowed from Deleted account',
    );
  });

  it('says so when there is nothing yet', () => {
    renderWithProviders(<LoanHistoryList subject="item" emptyText="Nobody has borrowed it yet." entries={[]} />);
    expect(screen.getByTestId('loan-history-empty').textContent).toBe('Nobody has borrowed it yet.');
    // No history list (the toaster's own list may be on the page: its module can be loaded already).
    expect(screen.queryByTestId('loan-history')).toBeNull();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
