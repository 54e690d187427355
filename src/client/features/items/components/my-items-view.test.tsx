import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LendingRequest } from '@/contract/schemas/lending';
import { MY_ITEMS_URL } from '@/client/lib/query-keys/item-query-keys';
import { makeLendingRequest } from '@/client/testing/make-lending-request';
import { DRILL_ID, makeOwnItem } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import type { ItemCardLending } from './item-card-lending';
import { MyItemsView } from './my-items-view';

// The cards' lending parts belong to the lending feature; this test is about the Overdue count only.
const NO_LENDING: ItemCardLending = {
  RequestActions: () => null,
  HandOverAction: () => null,
  ReturnItemAction: () => null,
};

describe('<MyItemsView/> Overdue filter', () => {
  beforeEach(() => {
    // A clock that runs on its own (so the queries settle) and can jump past midnight.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 2, 9, 23, 59, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('counts a loan due today as overdue once the page, left open, passes midnight', async () => {
    mockFetch({ [MY_ITEMS_URL]: { body: [makeOwnItem({ status: 'borrowed' })] } });
    const loan: LendingRequest = makeLendingRequest({ status: 'borrowed', expectedReturnDate: '2026-03-09' });
    renderWithProviders(
      <MyItemsView
        lending={NO_LENDING}
        activeRequests={new Map([[DRILL_ID, loan]])}
        contacts={{ count: 0, loading: false }}
      />,
    );
    await screen.findByTestId('item-card');
    const overdueCount = () => screen.getByTestId('my-items-status-overdue-count').textContent;
    expect(overdueCount()).toBe('0');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(overdueCount()).toBe('1');
  });
});
