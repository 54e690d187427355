import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/contract/schemas/user';
import { AvailableItemsPage } from './available-items';
import { createQueryClient } from '../../lib/query-client';
import { makeUser } from '../../testing/fixtures';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';
import { AVAILABLE_ITEMS_URL } from '../../lib/query-keys/item-query-keys';
import { DRILL_ID, makeSharedItem } from '../../testing/make-item';
import { makeLendingRequest } from '../../testing/make-lending-request';
import { SENT_REQUESTS_URL } from '../../lib/query-keys/lending-query-keys';
import { AvailableItemsView } from '../../features/items/components/available-items-view';
import { ITEM_CARD_LENDING } from '../item-card-lending';

type Routes = Parameters<typeof mockFetch>[0];

const page = (names: string[], nextCursor: string | null = null) => ({
  items: names.map((name) => makeSharedItem({ id: `item-${name}`, name })),
  nextCursor,
});

function render(ui: React.ReactElement, routes: Routes, user: User | null = makeUser()) {
  const fetchMock = mockFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], user);
  const result = renderWithProviders(ui, { queryClient, path: '/available-items' });
  return { fetchMock, ...result };
}

/** The query strings of every call to the list, in order. */
function listQueries(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === AVAILABLE_ITEMS_URL)
    .map((url) => url.search);
}

const shownNames = () =>
  screen.queryAllByTestId('item-card').map((card) => within(card).getByRole('heading').textContent);

/** The view on its own, as before the user's sent requests are known (the page passes them in). */
const NO_LENDING_YET = { lending: ITEM_CARD_LENDING, sentRequests: new Map(), onRequest: undefined };

describe('<AvailableItemsPage/>', () => {
  it('asks for the first page without filters and shows non-owner cards', async () => {
    const { fetchMock } = render(<AvailableItemsPage />, { [AVAILABLE_ITEMS_URL]: { body: page(['Tent', 'Kayak']) } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Available Items');
    expect(await screen.findAllByTestId('item-card')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Items shared with you' })).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Request' })).toHaveLength(2);
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(listQueries(fetchMock)).toEqual(['']);
  });

  it('passes search (after a pause in typing), category and status to the URL', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(<AvailableItemsPage />, { [AVAILABLE_ITEMS_URL]: { body: page(['Tent']) } });
    await screen.findByTestId('item-card');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' tent ');
    await vi.waitFor(() => expect(listQueries(fetchMock)).toEqual(['', '?q=tent']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'outdoor');
    await user.click(screen.getByTestId('available-status-in_use'));
    await vi.waitFor(() => expect(listQueries(fetchMock).at(-1)).toBe('?q=tent&category=outdoor&status=in_use'));
    expect(screen.getByTestId('available-status-in_use').getAttribute('aria-pressed')).toBe('true');
    // One call per settled search, none per keystroke.
    expect(listQueries(fetchMock).filter((query) => query.startsWith('?q=t') && !query.includes('tent'))).toEqual([]);
  });

  it('loads the next page with the cursor from Load more, appending the items', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: ({ url }): MockResponse => {
        const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
        return { body: cursor === 'c2' ? page(['Kayak']) : page(['Tent', 'Ladder'], 'c2') };
      },
    });
    await screen.findAllByTestId('item-card');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(shownNames()).toEqual(['Tent', 'Ladder', 'Kayak']));
    expect(listQueries(fetchMock)).toEqual(['', '?cursor=c2']);
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; target: Element | null };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, target: null };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          this.entry.target = null;
        }
      },
    );
    const { fetchMock } = render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: ({ url }): MockResponse => {
        const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
        return { body: cursor === 'c2' ? page(['Kayak']) : page(['Tent'], 'c2') };
      },
    });
    await screen.findByTestId('item-card');
    const watching = observers.filter((observer) => observer.target !== null);
    expect(watching.map((observer) => observer.target)).toEqual([screen.getByTestId('available-more')]);
    act(() => {
      const { callback, target } = watching[0]!;
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
    await vi.waitFor(() => expect(shownNames()).toEqual(['Tent', 'Kayak']));
    expect(listQueries(fetchMock)).toEqual(['', '?cursor=c2']);
  });

  it('says when nothing is shared with the user yet', async () => {
    render(<AvailableItemsPage />, { [AVAILABLE_ITEMS_URL]: { body: page([]) } });
    expect((await screen.findByTestId('available-empty')).textContent).toContain('Nothing shared with you yet');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: ({ url }): MockResponse => ({
        body: new URL(url, 'http://localhost').search === '' ? page(['Tent']) : page([]),
      }),
    });
    await screen.findByTestId('item-card');
    await user.click(screen.getByTestId('available-status-available'));
    const noMatch = await screen.findByTestId('available-no-match');
    expect(noMatch.textContent).toContain('No items found');
    await user.click(within(noMatch).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByTestId('item-card')).not.toBeNull();
    expect(listQueries(fetchMock)).toEqual(['', '?status=available']);
  });

  it('says when the items cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: (): MockResponse => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: '' } : { body: page(['Tent']) };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the items shared with you.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('item-card')).not.toBeNull();
  });

  it("shows 'Item not listed?' whose Ask network opens the network request dialog", async () => {
    const user = userEvent.setup();
    render(<AvailableItemsPage />, { [AVAILABLE_ITEMS_URL]: { body: page([]) } });
    const card = screen.getByTestId('item-not-listed');
    expect(within(card).getByRole('heading', { name: 'Item not listed?' })).not.toBeNull();
    await screen.findByTestId('available-empty');
    await user.click(within(card).getByRole('button', { name: 'Ask network' }));
    const dialog = await screen.findByTestId('network-request-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Ask your network' })).not.toBeNull();
  });

  it("the request's suggestions do not offer Ask for an item the user already asked for, or one in use; a promised one can be asked for later days", async () => {
    const user = userEvent.setup();
    const drill = makeSharedItem({ id: DRILL_ID, name: 'Cordless drill', owner: { name: 'Fred Friend' } });
    const press = makeSharedItem({ id: 'item-press', name: 'Drill press', status: 'in_use' });
    const saw = makeSharedItem({ id: 'item-saw', name: 'Drill saw', promised: true });
    render(<AvailableItemsPage />, {
      [AVAILABLE_ITEMS_URL]: ({ url }) => ({
        body: { items: url.includes('q=drill') ? [drill, press, saw] : [], nextCursor: null },
      }),
      [SENT_REQUESTS_URL]: { body: [makeLendingRequest({ itemId: DRILL_ID, status: 'pending' })] },
    });
    await screen.findByTestId('available-empty');
    await user.click(screen.getByRole('button', { name: 'Ask network' }));
    const dialog = await screen.findByTestId('network-request-dialog');
    await user.type(within(dialog).getByTestId('network-request-title'), 'drill');
    const rows = await within(dialog).findAllByTestId('network-request-suggestion');
    const ask = (row: HTMLElement) => within(row).getByTestId('network-request-suggestion-ask') as HTMLButtonElement;
    const reason = (row: HTMLElement) => within(row).queryByTestId('network-request-suggestion-reason');
    const [asked, inUse, promised] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(ask(asked).disabled).toBe(true);
    expect(reason(asked)?.textContent).toBe('Already asked');
    expect(ask(asked).getAttribute('aria-describedby')).toBe(reason(asked)?.id);
    expect(ask(inUse).disabled).toBe(true);
    expect(reason(inUse)?.textContent).toBe('The owner is using this item right now.');
    expect(ask(promised).disabled).toBe(false);
    expect(reason(promised)).toBeNull();
    // The typed request stays: nothing was thrown away by a click that could not work.
    expect((within(dialog).getByTestId('network-request-title') as HTMLInputElement).value).toBe('drill');
  });

  it('keeps Ask network disabled without a handler', () => {
    render(<AvailableItemsView {...NO_LENDING_YET} />, { [AVAILABLE_ITEMS_URL]: { body: page([]) } });
    expect((screen.getByRole('button', { name: 'Ask network' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('enables Ask network once a handler is given and the user is known', async () => {
    const user = userEvent.setup();
    const onAskNetwork = vi.fn();
    render(<AvailableItemsView onAskNetwork={onAskNetwork} {...NO_LENDING_YET} />, {
      [AVAILABLE_ITEMS_URL]: { body: page([]) },
    });
    await user.click(screen.getByRole('button', { name: 'Ask network' }));
    expect(onAskNetwork).toHaveBeenCalledTimes(1);
  });

  it('keeps Ask network disabled while the user is unknown', () => {
    render(
      <AvailableItemsView onAskNetwork={vi.fn()} {...NO_LENDING_YET} />,
      { [AVAILABLE_ITEMS_URL]: { body: page([]) } },
      null,
    );
    expect((screen.getByRole('button', { name: 'Ask network' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
