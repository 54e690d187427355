import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactLoansUrl, itemLoansUrl, LOAN_COUNTS_URL } from '@/client/lib/query-keys/loan-query-keys';
import { DRILL_ID } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeLoan } from '../testing/make-loan';
import { ContactLoansButton } from './contact-loans-button';
import { ItemHistoryDialog } from './item-history-dialog';
import { ProfileLoanCounts } from './profile-loan-counts';

const CONTACT = { id: 'contact-2', name: 'Bob Builder' };

describe('loan history dialogs', () => {
  it("shows an item's history once opened, with its empty state", async () => {
    const fetchMock = mockFetch({ [itemLoansUrl(DRILL_ID)]: { body: [] } });
    renderWithProviders(
      <ItemHistoryDialog open onOpenChange={() => undefined} item={{ id: DRILL_ID, name: 'Drill' }} />,
    );
    const dialog = screen.getByTestId('item-history-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Lending history of Drill');
    expect((await within(dialog).findByTestId('loan-history-empty')).textContent).toBe('Nobody has borrowed it yet.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers Try again when the history cannot be loaded', async () => {
    const user = userEvent.setup();
    let answer: { status?: number; body: unknown } = { status: 500, body: '' };
    mockFetch({ [itemLoansUrl(DRILL_ID)]: () => answer });
    renderWithProviders(
      <ItemHistoryDialog open onOpenChange={() => undefined} item={{ id: DRILL_ID, name: 'Drill' }} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the history.");
    answer = { body: [makeLoan()] };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('loan-history-entry')).not.toBeNull();
  });

  it('opens the loans with a contact from their card: counts and list, asked for only when opened', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [contactLoansUrl(CONTACT.id)]: {
        body: {
          counts: { lent: 3, borrowed: 1 },
          returnedOnTime: { onTime: 2, of: 3 },
          loans: [makeLoan(), makeLoan({ id: 'loan-2', role: 'borrowed', itemName: 'Tent' })],
        },
      },
    });
    renderWithProviders(<ContactLoansButton contact={CONTACT} />);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Loans with Bob Builder' }));
    const dialog = await screen.findByTestId('contact-loans-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Loans with Bob Builder');
    expect((await within(dialog).findByTestId('loan-counts')).textContent).toBe('Lent3·Borrowed1');
    expect(within(dialog).getByTestId('loan-counts-lent').textContent).toBe('3');
    // Issue 36: for the reader's eyes, how many of the loans to them came back on time.
    expect(within(dialog).getByTestId('contact-returned-on-time').textContent).toBe(
      'Returned on time: 2 of 3 (only you see this)',
    );
    expect(
      within(dialog)
        .getAllByTestId('loan-history-item')
        .map((node) => node.textContent),
    ).toEqual(['Cordless drill', 'Tent']);
  });

  it("says when a contact and the user haven't lent each other anything", async () => {
    const user = userEvent.setup();
    mockFetch({
      [contactLoansUrl(CONTACT.id)]: {
        body: { counts: { lent: 0, borrowed: 0 }, returnedOnTime: { onTime: 0, of: 0 }, loans: [] },
      },
    });
    renderWithProviders(<ContactLoansButton contact={CONTACT} />);
    await user.click(screen.getByTestId('contact-loans'));
    expect((await screen.findByTestId('loan-history-empty')).textContent).toBe(
      "You haven't lent each other anything yet.",
    );
  });

  it("shows one's own counts on the profile, or says they could not be loaded", async () => {
    mockFetch({ [LOAN_COUNTS_URL]: { body: { lent: 12, borrowed: 5 } } });
    const { unmount } = renderWithProviders(<ProfileLoanCounts />);
    const card = screen.getByTestId('profile-loan-counts');
    expect(within(card).getByRole('heading').textContent).toBe('Your loans');
    expect((await within(card).findByTestId('loan-counts-lent')).textContent).toBe('12');
    expect(within(card).getByTestId('loan-counts-borrowed').textContent).toBe('5');
    unmount();

    mockFetch({ [LOAN_COUNTS_URL]: { status: 500, body: '' } });
    renderWithProviders(<ProfileLoanCounts />);
    expect(await screen.findByText("Couldn't load your loan counts.")).not.toBeNull();
  });
});
