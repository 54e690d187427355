import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getI18n } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeOwnItem } from '@/client/testing/make-item';
import { makeLendingRequest } from '@/client/testing/make-lending-request';
import { HandOverAction, ReturnItemAction } from './owner-lending-actions';

const promised = (overrides: Parameters<typeof makeLendingRequest>[0] = {}) =>
  makeLendingRequest({ status: 'accepted', ...overrides });

describe('<HandOverAction/> period', () => {
  it('joins the two calendar dates with the messages.request.dates text, in the reader’s language', async () => {
    const { i18n } = renderWithProviders(
      <HandOverAction request={promised({ requestedFrom: '2030-05-04', expectedReturnDate: '2030-05-05' })} />,
    );
    const card = screen.getByTestId('item-promised');
    expect(card.textContent).toContain("You accepted Bob Builder's request for May 4, 2030 – May 5, 2030.");
    await i18n.changeLanguage('fr');
    await waitFor(() => expect(card.textContent).toContain('4 mai 2030 – 5 mai 2030'));
  });

  it('takes the separator from the translation, not from the code', () => {
    const i18n = getI18n();
    const original = i18n.t('messages.request.dates');
    i18n.addResource('en', 'translation', 'messages.request.dates', '{{from}} to {{until}}');
    try {
      renderWithProviders(
        <HandOverAction request={promised({ requestedFrom: '2030-05-04', expectedReturnDate: '2030-05-06' })} />,
      );
      expect(screen.getByTestId('item-promised').textContent).toContain('for May 4, 2030 to May 6, 2030.');
    } finally {
      i18n.addResource('en', 'translation', 'messages.request.dates', original);
    }
  });

  it('names one day once, and the one date a request has', () => {
    renderWithProviders(
      <HandOverAction request={promised({ requestedFrom: '2030-05-04', expectedReturnDate: '2030-05-04' })} />,
    );
    expect(screen.getByTestId('item-promised').textContent).toContain('request for May 4, 2030.');
  });

  it('says only who without dates', () => {
    renderWithProviders(<HandOverAction request={promised({ requestedFrom: null, expectedReturnDate: null })} />);
    expect(screen.getByTestId('item-promised').textContent).toContain("You accepted Bob Builder's request.");
  });
});

describe('<HandOverAction/> pick-up grace (issue 35)', () => {
  // Only Date is faked (the toasts' timers run): Wednesday 10 March 2027.
  const onDay = async (run: () => Promise<void>) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2027, 2, 10, 12) });
    try {
      await run();
    } finally {
      vi.useRealTimers();
    }
  };

  it('says nothing before the first day', () =>
    onDay(async () => {
      renderWithProviders(<HandOverAction request={promised({ requestedFrom: '2027-03-10' })} />);
      expect(screen.queryByTestId('item-pickup-grace')).toBeNull();
    }));

  it('after it: the day it is released, and Keep reservation, which asks the server and says so', () =>
    onDay(async () => {
      const fetchMock = mockFetch({ '/api/lending-requests/request-1/keep': { status: 204 } });
      const user = userEvent.setup();
      renderWithProviders(
        <HandOverAction
          request={promised({ id: 'request-1', requestedFrom: '2027-03-08', expectedReturnDate: '2027-03-12' })}
        />,
      );
      const grace = screen.getByTestId('item-pickup-grace');
      expect(grace.textContent).toContain(
        'Not handed over yet: the reservation is released on Mar 11, 2027 unless you keep it.',
      );
      await user.click(within(grace).getByRole('button', { name: 'Keep reservation' }));
      expect((await screen.findByTestId('toast')).textContent).toContain('Reservation kept');
      expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method])).toEqual([
        ['/api/lending-requests/request-1/keep', 'POST'],
      ]);
    }));

  it('once kept: says so, without the button', () =>
    onDay(async () => {
      renderWithProviders(<HandOverAction request={promised({ requestedFrom: '2027-03-08', keptPastPickup: true })} />);
      expect(screen.getByTestId('item-reservation-kept').textContent).toBe(
        'You keep this reservation until it is handed over.',
      );
      expect(screen.queryByRole('button', { name: 'Keep reservation' })).toBeNull();
    }));
});

describe('<ReturnItemAction/>', () => {
  it('says until when the item is lent, as a calendar date', () => {
    renderWithProviders(
      <ReturnItemAction
        item={makeOwnItem({ status: 'borrowed' })}
        request={makeLendingRequest({ status: 'borrowed', expectedReturnDate: '2030-12-31' })}
      />,
    );
    expect(screen.getByTestId('item-lent-to').textContent).toBe('Lent to Bob Builder until Dec 31, 2030');
  });

  it('names someone without an account from the item, when the owner recorded the loan (issue 19)', () => {
    renderWithProviders(
      <ReturnItemAction
        item={makeOwnItem({
          status: 'borrowed',
          unregisteredBorrower: { loanId: 'loan-9', name: 'Marco', expectedReturnDate: null },
        })}
        request={undefined}
      />,
    );
    expect(screen.getByTestId('item-lent-to').textContent).toBe('Lent to Marco');
  });

  it('names nobody when neither a request nor a recorded loan says who has it', () => {
    renderWithProviders(<ReturnItemAction item={makeOwnItem({ status: 'borrowed' })} request={undefined} />);
    expect(screen.queryByTestId('item-lent-to')).toBeNull();
  });
});
