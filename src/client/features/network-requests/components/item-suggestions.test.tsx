import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedItem } from '@/contract/schemas/item';
import { AVAILABLE_ITEMS_URL } from '@/client/lib/query-keys/item-query-keys';
import { makeSharedItem } from '@/client/testing/make-item';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { SUGGESTION_DELAY_MS } from './item-suggestions';
import { NetworkRequestDialog } from './network-request-dialog';

/** Issue 19 part 3: "Already in your network" while the title is typed. */

type FetchMock = ReturnType<typeof mockFetch>;

const drill = makeSharedItem({ id: 'item-drill', name: 'Cordless drill', owner: { name: 'Fred Friend' } });
const lentDrill = makeSharedItem({
  id: 'item-lent',
  name: 'Drill press',
  status: 'borrowed',
  owner: { name: 'Mia Member' },
});
const usedPress = makeSharedItem({
  id: 'item-used',
  name: 'Pillar drill',
  status: 'in_use',
  owner: { name: 'Mia Member' },
});

function renderDialog(found: (q: string) => SharedItem[]) {
  const fetchMock = mockFetch({
    [AVAILABLE_ITEMS_URL]: ({ url }) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
      return { body: { items: found(q), nextCursor: null } };
    },
  });
  const onAskForItem = vi.fn();
  const { queryClient } = renderWithProviders(
    <NetworkRequestDialog open onOpenChange={vi.fn()} onAskForItem={onAskForItem} />,
  );
  return { fetchMock, onAskForItem, queryClient, dialog: screen.getByTestId('network-request-dialog') };
}

/** The searches sent so far, as their query strings. */
function searches(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === AVAILABLE_ITEMS_URL)
    .map((url) => url.search);
}

const status = () => screen.getByTestId('network-request-suggestions-status');

/**
 * The typing pause, on a clock the test moves (issue 31: no waiting on the
 * wall clock). The clock also runs on its own, so queries and findBy settle.
 */
const typingPause = () => act(() => vi.advanceTimersByTimeAsync(SUGGESTION_DELAY_MS));
const typist = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

describe('<NetworkRequestDialog/> suggestions', () => {
  it('searches once the typing pauses, for five items at most, and lists name, owner and status', async () => {
    const user = typist();
    const { dialog, fetchMock } = renderDialog((q) => (q === 'drill' ? [drill, lentDrill] : []));
    await user.type(within(dialog).getByTestId('network-request-title'), 'drill');
    // Nothing while typing: one search for the whole word after the pause.
    expect(searches(fetchMock)).toEqual([]);
    await typingPause();
    const section = await within(dialog).findByRole('region', { name: 'Already in your network' });
    expect(searches(fetchMock)).toEqual(['?q=drill&limit=5']);

    const rows = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Cordless drillfrom Fred FriendAvailableAsk',
      'Drill pressfrom Mia MemberBorrowedAsk',
    ]);
    expect(section.textContent).toContain('Ask for one directly instead of asking everyone.');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('2 matching items already in your network');
  });

  it('asks for an item directly through the page, also one lent out (for later days), and not one in use', async () => {
    const user = typist();
    const { dialog, onAskForItem } = renderDialog(() => [drill, lentDrill, usedPress]);
    await user.type(within(dialog).getByTestId('network-request-title'), 'drill');
    await typingPause();
    const ask = await within(dialog).findByRole('button', { name: 'Ask Fred Friend if you can borrow Cordless drill' });
    const askButton = (name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;
    expect(askButton('Ask Mia Member if you can borrow Drill press').disabled).toBe(false);
    expect(askButton('Ask Mia Member if you can borrow Pillar drill').disabled).toBe(true);
    await user.click(ask);
    expect(onAskForItem).toHaveBeenCalledWith(drill);
  });

  it('shows and announces nothing when nothing matches, and does not search one character', async () => {
    const user = typist();
    const { dialog, fetchMock, queryClient } = renderDialog(() => []);
    const title = within(dialog).getByTestId('network-request-title');
    await user.type(title, 'd');
    await typingPause();
    expect(searches(fetchMock)).toEqual([]);

    await user.type(title, 'x');
    await typingPause();
    await vi.waitFor(() => expect(searches(fetchMock)).toEqual(['?q=dx&limit=5']));
    // The empty answer has arrived, and the dialog has been told (React Query tells it on a timer).
    await vi.waitFor(() =>
      expect(queryClient.getQueryState([AVAILABLE_ITEMS_URL, 'suggestions', 'dx'])?.status).toBe('success'),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(dialog).queryByTestId('network-request-suggestions')).toBeNull();
    expect(status().textContent).toBe('');
  });

  it('keeps the last suggestions while the next text loads, and drops them when the title is cleared', async () => {
    const user = typist();
    let release: () => void = () => {};
    const { dialog } = renderDialog(() => [drill]);
    const title = within(dialog).getByTestId('network-request-title');
    await user.type(title, 'drill');
    await typingPause();
    await within(dialog).findByTestId('network-request-suggestions');

    // The next answer waits: the list stays until it arrives.
    mockFetch({
      [AVAILABLE_ITEMS_URL]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { items: [], nextCursor: null } });
        }),
    });
    await user.type(title, 's');
    await typingPause();
    expect(within(dialog).getByTestId('network-request-suggestions').getAttribute('aria-busy')).toBe('true');
    release();
    await vi.waitFor(() => expect(within(dialog).queryByTestId('network-request-suggestions')).toBeNull());

    await user.clear(title);
    await typingPause();
    expect(within(dialog).queryByTestId('network-request-suggestions')).toBeNull();
  });
});
