import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/contract/schemas/user';
import { AvailableItemsPage } from './available-items';
import { MyItemsPage } from './my-items';
import { createQueryClient } from '../../lib/query-client';
import { localIsoDate } from '../../lib/local-date';
import { makeUser } from '../../testing/fixtures';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import {
  LENDING_REQUESTS_URL,
  lendingRequestUrl,
  RECEIVED_REQUESTS_URL,
  SENT_REQUESTS_URL,
} from '../../lib/query-keys/lending-query-keys';
import { makeLendingRequest } from '../../testing/make-lending-request';
import { AVAILABLE_ITEMS_URL, MY_ITEMS_URL } from '../../lib/query-keys/item-query-keys';
import { makeOwnItem, makeSharedItem } from '../../testing/make-item';

type Routes = Parameters<typeof mockFetch>[0];

function render(ui: React.ReactElement, routes: Routes, user: User | null = makeUser()) {
  const fetchMock = mockFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], user);
  const result = renderWithProviders(ui, { queryClient });
  return { fetchMock, ...result };
}

const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  ).length;

const cardOf = (itemId: string) => {
  const card = screen.getAllByTestId('item-card').find((node) => node.getAttribute('data-item-id') === itemId);
  if (!card) throw new Error(`No card for ${itemId}`);
  return card;
};

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return localIsoDate(date);
}

describe('Available Items with lending requests', () => {
  const tent = makeSharedItem({ id: 'tent', name: 'Tent' });
  const kayak = makeSharedItem({ id: 'kayak', name: 'Kayak' });
  const myPending = makeLendingRequest({
    id: 'r-tent',
    itemId: 'tent',
    requesterId: 'user-1',
    ownerId: 'user-2',
    status: 'pending',
  });

  it('shows each card with the user’s own request, and Request opens the borrow dialog that sends one', async () => {
    const user = userEvent.setup();
    let sent = [myPending];
    const { fetchMock } = render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: { body: { items: [tent, kayak], nextCursor: null } },
      [SENT_REQUESTS_URL]: () => ({ body: sent }),
      [LENDING_REQUESTS_URL]: (): MockResponse => {
        sent = [...sent, makeLendingRequest({ id: 'r-kayak', itemId: 'kayak', requesterId: 'user-1' })];
        return { status: 201, body: {} };
      },
    });
    expect(
      await within(await screen.findByTestId('item-request-pending')).findByText('Request Pending'),
    ).not.toBeNull();
    expect(within(cardOf('tent')).getByTestId('item-withdraw-request')).not.toBeNull();
    const request = within(cardOf('kayak')).getByTestId('item-request') as HTMLButtonElement;
    await vi.waitFor(() => expect(request.disabled).toBe(false));

    await user.click(request);
    const dialog = await screen.findByTestId('borrow-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Borrow Kayak');
    await user.type(within(dialog).getByTestId('borrow-message'), 'For the lake trip?');
    fireEvent.change(within(dialog).getByTestId('borrow-from'), { target: { value: tomorrow() } });
    await user.click(within(dialog).getByTestId('borrow-submit'));

    await vi.waitFor(() => expect(screen.queryByTestId('borrow-dialog')).toBeNull());
    await vi.waitFor(() =>
      expect(within(cardOf('kayak')).getByTestId('item-request-pending').textContent).toBe('Request Pending'),
    );
    expect(callsTo(fetchMock, LENDING_REQUESTS_URL, 'POST')).toBe(1);
    expect(callsTo(fetchMock, SENT_REQUESTS_URL)).toBe(2);
  });

  it('keeps Request disabled while the user’s requests load', async () => {
    render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: { body: { items: [kayak], nextCursor: null } },
      [SENT_REQUESTS_URL]: () => new Promise<MockResponse>(() => {}),
    });
    const request = (await screen.findByTestId('item-request')) as HTMLButtonElement;
    expect(request.disabled).toBe(true);
  });

  it('does not ask for sent requests while the user is unknown, and keeps Request disabled', async () => {
    const { fetchMock } = render(
      <AvailableItemsPage />,
      { [AVAILABLE_ITEMS_URL]: { body: { items: [kayak], nextCursor: null } } },
      null,
    );
    expect(((await screen.findByTestId('item-request')) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchMock, SENT_REQUESTS_URL)).toBe(0);
  });
});

describe('My Items with lending requests', () => {
  const drill = makeOwnItem({ id: 'drill', name: 'Cordless drill' });
  const ladder = makeOwnItem({ id: 'ladder', name: 'Ladder', status: 'borrowed' });
  const accepted = makeLendingRequest({ id: 'r-drill', itemId: 'drill', status: 'accepted' });
  const lent = makeLendingRequest({
    id: 'r-ladder',
    itemId: 'ladder',
    status: 'borrowed',
    requester: { name: 'Cleo', deleted: false },
    expectedReturnDate: '2030-06-01',
  });

  it('offers Mark as borrowed for an accepted request and says who has a lent item', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(<MyItemsPage />, {
      [MY_ITEMS_URL]: { body: [drill, ladder] },
      '/api/contacts': { body: [] },
      [RECEIVED_REQUESTS_URL]: { body: [accepted, lent, makeLendingRequest({ id: 'old', status: 'declined' })] },
      [lendingRequestUrl('r-drill')]: { body: {} },
    });
    const markBorrowed = await screen.findByTestId('item-mark-borrowed');
    expect(cardOf('drill').contains(markBorrowed)).toBe(true);
    expect(within(cardOf('ladder')).getByTestId('item-lent-to').textContent).toBe('Lent to Cleo until Jun 1, 2030');
    expect(within(cardOf('ladder')).queryByTestId('item-mark-borrowed')).toBeNull();

    await user.click(markBorrowed);
    expect((await screen.findByTestId('toast')).textContent).toContain('Marked as borrowed');
    await vi.waitFor(() => expect(callsTo(fetchMock, RECEIVED_REQUESTS_URL)).toBe(2));
    expect(callsTo(fetchMock, MY_ITEMS_URL)).toBe(2);
  });
});
