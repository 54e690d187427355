import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SENT_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';
import { disputeLoanUrl, LOAN_COUNTS_URL } from '@/client/lib/query-keys/loan-query-keys';
import { makeLendingRequest } from '@/client/testing/make-lending-request';
import { makeSharedItem } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { useSentRequests } from '../api/get-sent-requests';
import { RequestActions } from './request-actions';

const recorded = makeLendingRequest({
  origin: 'recorded',
  message: null,
  requestedFrom: null,
  expectedReturnDate: null,
  status: 'borrowed',
  lentOn: '2026-05-03',
  requesterId: 'user-1',
  ownerId: 'user-2',
});

/** The borrower's panel asks for open extensions too; only the dispute call counts here. */
const disputeCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === disputeLoanUrl(recorded.id)) as [string, RequestInit][];

describe('a loan the owner recorded, on the borrower’s card', () => {
  it('shows it as borrowed, recorded by the owner, and "That\'s not right" ends it after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [disputeLoanUrl(recorded.id)]: { body: { ...recorded, status: 'disputed' } } });
    const { queryClient } = renderWithProviders(
      <RequestActions item={makeSharedItem({ status: 'borrowed' })} request={recorded} onRequest={undefined} />,
    );
    queryClient.setQueryData([SENT_REQUESTS_URL], [recorded]);
    queryClient.setQueryData([LOAN_COUNTS_URL], { lent: 0, borrowed: 1 });
    expect(screen.getByTestId('item-request-borrowed').textContent).toBe('Borrowed by you');
    expect(screen.getByTestId('item-request-recorded').textContent).toContain('Recorded by Annabel Lee');

    await user.click(screen.getByRole('button', { name: "That's not right" }));
    const dialog = await screen.findByTestId('loan-dispute-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain('Annabel Lee recorded that you borrowed “Cordless drill”.');
    expect(disputeCalls(fetchMock)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: "That's not right" }));

    expect((await screen.findByTestId('toast')).textContent).toContain('Loan marked as not right');
    const [[url, init]] = disputeCalls(fetchMock) as [[string, RequestInit]];
    expect([url, init.method]).toEqual([disputeLoanUrl(recorded.id), 'POST']);
    expect(queryClient.getQueryState([SENT_REQUESTS_URL])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([LOAN_COUNTS_URL])?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('loan-dispute-dialog')).toBeNull();
  });

  it('after "That\'s not right" focus lands on the note that replaces the button, not on the page', async () => {
    const user = userEvent.setup();
    let disputed = false;
    mockFetch({
      [SENT_REQUESTS_URL]: () => ({ body: [{ ...recorded, status: disputed ? 'disputed' : 'borrowed' }] }),
      [disputeLoanUrl(recorded.id)]: () => {
        disputed = true;
        return { body: { ...recorded, status: 'disputed' } };
      },
    });
    // The card as the page shows it: its request comes from the sent requests, which the dispute refreshes.
    function Card() {
      const request = useSentRequests().data?.[0];
      if (!request) return null;
      const status = request.status === 'borrowed' ? 'borrowed' : 'available';
      return <RequestActions item={makeSharedItem({ status })} request={request} onRequest={() => undefined} />;
    }
    renderWithProviders(<Card />);
    await user.click(await screen.findByTestId('loan-dispute'));
    await user.click(
      within(await screen.findByTestId('loan-dispute-dialog')).getByRole('button', { name: "That's not right" }),
    );
    await screen.findByTestId('toast');
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('item-request-disputed')));
    expect(screen.queryByTestId('loan-dispute-dialog')).toBeNull();
  });

  it('Cancel leaves the loan as it is', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithProviders(
      <RequestActions item={makeSharedItem({ status: 'borrowed' })} request={recorded} onRequest={undefined} />,
    );
    await user.click(screen.getByTestId('loan-dispute'));
    await user.click(within(await screen.findByTestId('loan-dispute-dialog')).getByRole('button', { name: 'Cancel' }));
    expect(disputeCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByTestId('item-request-recorded')).not.toBeNull();
  });

  it('a loan asked for in the app has no "That\'s not right"', () => {
    renderWithProviders(
      <RequestActions
        item={makeSharedItem({ status: 'borrowed' })}
        request={{ ...recorded, origin: 'request' }}
        onRequest={undefined}
      />,
    );
    expect(screen.queryByTestId('item-request-recorded')).toBeNull();
    expect(screen.queryByTestId('loan-dispute')).toBeNull();
  });

  it('after the dispute the card says so and the item may be asked for', () => {
    renderWithProviders(
      <RequestActions
        item={makeSharedItem()}
        request={{ ...recorded, status: 'disputed' }}
        onRequest={() => undefined}
      />,
    );
    expect(screen.getByTestId('item-request-disputed').textContent).toBe('Marked as not right');
    expect(screen.getByTestId('item-request').hasAttribute('disabled')).toBe(false);
  });
});
