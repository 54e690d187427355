import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoanExtension } from '@/contract/schemas/loans';
import { localIsoDate } from '@/client/lib/local-date';
import { LOAN_EXTENSIONS_URL, loanExtensionUrl } from '@/client/lib/query-keys/lending-query-keys';
import { makeLendingRequest } from '@/client/testing/make-lending-request';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { BorrowerLoanPanel, OwnerExtensionPanel } from './loan-extension-actions';

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

const loan = (due: string) => makeLendingRequest({ status: 'borrowed', expectedReturnDate: due });
const EXTENSION_URL = loanExtensionUrl(loan('2030-01-01').id);

function pending(requestedUntil: string, message: string | null = null): LoanExtension {
  return {
    id: 'e1',
    lendingRequestId: loan('2030-01-01').id,
    requesterId: 'user-2',
    requestedUntil,
    message,
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    respondedAt: null,
  };
}

describe('<BorrowerLoanPanel/>', () => {
  it('says when it is due, and asks for a later date with a note', async () => {
    const user = userEvent.setup();
    const due = inDays(3);
    const sent: unknown[] = [];
    mockFetch({
      [LOAN_EXTENSIONS_URL]: { body: [] },
      [EXTENSION_URL]: ({ init }) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 201, body: {} };
      },
    });
    renderWithProviders(<BorrowerLoanPanel request={loan(due)} />);
    expect(screen.getByTestId('loan-due').textContent).toBe('Due back in 3 days');

    await user.click(await screen.findByRole('button', { name: 'Ask to extend' }));
    const dialog = await screen.findByTestId('extension-dialog');
    const date = within(dialog).getByLabelText('New return date');
    await user.clear(date);
    await user.type(date, due);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Pick a date after the current due date.')).toBeTruthy();

    await user.clear(date);
    await user.type(date, inDays(10));
    await user.type(within(dialog).getByLabelText(/Note to the owner/), 'One more weekend?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toEqual([{ requestedUntil: inDays(10), message: 'One more weekend?' }]));
  });

  it('shows an open request instead of the button, and "overdue since" once the date passed', async () => {
    mockFetch({ [LOAN_EXTENSIONS_URL]: { body: [pending('2030-02-01')] } });
    renderWithProviders(<BorrowerLoanPanel request={loan('2020-03-10')} />);
    expect(screen.getByTestId('loan-due').textContent).toBe('Overdue since Mar 10, 2020');
    expect((await screen.findByTestId('extension-pending')).textContent).toBe(
      'You asked to keep it until Feb 1, 2030. Waiting for Annabel Lee.',
    );
    expect(screen.queryByRole('button', { name: 'Ask to extend' })).toBeNull();
  });

  it('says "today" on the due date', () => {
    mockFetch({ [LOAN_EXTENSIONS_URL]: { body: [] } });
    renderWithProviders(<BorrowerLoanPanel request={loan(inDays(0))} />);
    expect(screen.getByTestId('loan-due').textContent).toBe('Due back today');
  });
});

describe('<OwnerExtensionPanel/>', () => {
  it('shows the open request with the note, and accepts it', async () => {
    const user = userEvent.setup();
    const answered: string[] = [];
    mockFetch({
      [LOAN_EXTENSIONS_URL]: { body: [pending('2030-02-01', 'Still tiling')] },
      [`${EXTENSION_URL}/accept`]: () => {
        answered.push('accept');
        return { body: {} };
      },
    });
    renderWithProviders(<OwnerExtensionPanel request={loan('2030-01-01')} borrowerName="Bob Builder" />);
    const panel = await screen.findByTestId('extension-request');
    expect(panel.textContent).toContain('Bob Builder would like to keep it until Feb 1, 2030.');
    expect(panel.textContent).toContain('Still tiling');
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('New return date accepted');
    expect(answered).toEqual(['accept']);
  });

  it('shows nothing without an open request', async () => {
    const fetchMock = mockFetch({ [LOAN_EXTENSIONS_URL]: { body: [] } });
    renderWithProviders(<OwnerExtensionPanel request={loan('2030-01-01')} borrowerName="Bob Builder" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('extension-request')).toBeNull();
  });
});
