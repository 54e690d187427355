import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MyItemsPage } from './my-items';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import { makeContact } from '../../testing/contact-fixtures';
import { MY_ITEMS_URL } from '../../lib/query-keys/item-query-keys';
import { makeOwnItem } from '../../testing/make-item';

type Routes = Parameters<typeof mockFetch>[0];

const ITEMS = [
  makeOwnItem({ id: 'i1', name: 'Cordless drill', category: 'tools', sharedWithCount: 2 }),
  makeOwnItem({
    id: 'i2',
    name: 'Tent',
    description: 'Sleeps four, with a porch.',
    category: 'outdoor',
    status: 'in_use',
    sharedWithCount: 0,
  }),
  makeOwnItem({
    id: 'i3',
    name: 'Ladder',
    description: null,
    category: 'tools',
    status: 'borrowed',
    requestCounts: { pending: 0, accepted: 1, other: 0 },
  }),
  makeOwnItem({
    id: 'i4',
    name: 'Board games',
    description: 'Settlers and a chess set.',
    category: 'toys',
    sharedWithCount: 1,
    requestCounts: { pending: 2, accepted: 0, other: 3 },
  }),
];

/** The server is outside these tests' walls: fetch answers from a table shaped like the items contract. */
function renderPage(routes: Routes = {}) {
  const fetchMock = mockFetch({
    [MY_ITEMS_URL]: { body: ITEMS },
    '/api/contacts': { body: [makeContact(), makeContact({ id: 'c2', name: 'Cleo', status: 'active' })] },
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser());
  const result = renderWithProviders(<MyItemsPage />, { queryClient });
  return { fetchMock, ...result };
}

const shownNames = () =>
  screen.queryAllByTestId('item-card').map((card) => within(card).getByRole('heading').textContent);

const count = (filter: string) => screen.getByTestId(`my-items-status-${filter}-count`).textContent;

describe('<MyItemsPage/>', () => {
  it('shows the stat tiles and every item in a labelled grid', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Items');
    expect(await screen.findAllByTestId('item-card')).toHaveLength(4);
    expect(screen.getByRole('list', { name: 'Your items' })).not.toBeNull();
    expect(screen.getByTestId('stat-total').textContent).toBe('4');
    expect(screen.getByTestId('stat-shared').textContent).toBe('3');
    expect(await screen.findByText('2', { selector: '[data-testid="stat-contacts"]' })).not.toBeNull();
  });

  it('counts each status filter: in use includes borrowed, requested means a pending request', async () => {
    renderPage();
    await screen.findAllByTestId('item-card');
    expect([count('all'), count('available'), count('in_use'), count('requested')]).toEqual(['4', '2', '2', '1']);
  });

  it('filters by status with pressed buttons', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('item-card');
    const group = screen.getByRole('group', { name: 'Filter by status' });
    const inUse = within(group).getByTestId('my-items-status-in_use');
    await user.click(inUse);
    expect(inUse.getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByTestId('my-items-status-all').getAttribute('aria-pressed')).toBe('false');
    expect(shownNames()).toEqual(['Tent', 'Ladder']);
    await user.click(within(group).getByTestId('my-items-status-requested'));
    expect(shownNames()).toEqual(['Board games']);
    await user.click(within(group).getByTestId('my-items-status-available'));
    expect(shownNames()).toEqual(['Cordless drill', 'Board games']);
  });

  it('searches name and description, ignoring case, and filters by category', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('item-card');
    const search = screen.getByRole('searchbox', { name: 'Search your items' });
    await user.type(search, 'CHESS');
    expect(shownNames()).toEqual(['Board games']);
    await user.clear(search);
    await user.type(search, 'ladd');
    expect(shownNames()).toEqual(['Ladder']);
    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'tools');
    expect(shownNames()).toEqual(['Cordless drill', 'Ladder']);
    // The counts stay those of all items.
    expect(count('all')).toBe('4');
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('item-card');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'kitchen');
    const noMatch = screen.getByTestId('my-items-no-match');
    expect(noMatch.textContent).toContain('No matching items');
    await user.click(within(noMatch).getByRole('button', { name: 'Clear filters' }));
    expect(shownNames()).toHaveLength(4);
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('all');
  });

  it('shows the owner actions on each card, and only Return Item while borrowed', async () => {
    renderPage();
    await screen.findAllByTestId('item-card');
    expect(screen.getByRole('button', { name: 'Edit Cordless drill' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Ladder' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Return Item' }) as HTMLButtonElement).disabled).toBe(false);
    const games = screen.getAllByTestId('item-card').find((card) => card.getAttribute('data-item-id') === 'i4');
    expect(within(games!).getByTestId('item-requests-pending').textContent).toBe('2 pending');
    expect(within(games!).getByTestId('item-requests-other').textContent).toBe('3 closed');
  });

  it('shows the empty state with Add your first item, without filters', async () => {
    renderPage({ [MY_ITEMS_URL]: { body: [] } });
    const empty = await screen.findByTestId('my-items-empty');
    expect(empty.textContent).toContain('No items yet');
    expect(within(empty).getByRole('button', { name: 'Add your first item' })).not.toBeNull();
    expect(screen.queryByRole('group', { name: 'Filter by status' })).toBeNull();
    expect(screen.getByTestId('stat-total').textContent).toBe('0');
    expect(screen.getByRole('button', { name: 'Add item' })).not.toBeNull();
  });

  it('shows the filters and a loading skeleton, then the items', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderPage({
      [MY_ITEMS_URL]: async (): Promise<MockResponse> => {
        await answered;
        return { body: ITEMS };
      },
    });
    expect(screen.getByTestId('items-loading').textContent).toBe('Loading your items…');
    // The filters are there from the start (nothing shifts when the items arrive), counts once known.
    expect(screen.getByRole('group', { name: 'Filter by status' })).not.toBeNull();
    expect(screen.queryByTestId('my-items-status-all-count')).toBeNull();
    release();
    expect(await screen.findAllByTestId('item-card')).toHaveLength(4);
    expect(count('all')).toBe('4');
    expect(screen.queryByTestId('items-loading')).toBeNull();
  });

  it('says when the items cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    renderPage({
      [MY_ITEMS_URL]: (): MockResponse => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: '' } : { body: ITEMS };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load your items.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('item-card')).toHaveLength(4);
  });
});
