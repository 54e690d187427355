import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/client/lib/query-client';
import { makeUser } from '@/client/testing/fixtures';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { AUTH_USER_URL } from '@/client/lib/auth/get-auth-user';
import { makeGroup } from '../testing/make-group';
import { GroupsView } from './groups-view';

const MINE_URL = '/api/groups/user/user-1';

type Routes = Parameters<typeof mockFetch>[0];

/** The server is outside these tests' walls: fetch answers from a table shaped like its contract. */
function renderView(routes: Routes, path = '/groups') {
  const fetchMock = mockFetch({ '/api/groups/discover': { body: [] }, ...routes });
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser());
  const result = renderWithProviders(<GroupsView />, { queryClient, path });
  return { fetchMock, ...result };
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.split('?')[0] === path);
}

describe('<GroupsView/>', () => {
  it("lists the user's groups with their count in the tab", async () => {
    renderView({ [MINE_URL]: { body: [makeGroup(), makeGroup({ id: 'g2', name: 'Book club' })] } });
    expect(await screen.findAllByTestId('group-card')).toHaveLength(2);
    expect(screen.getByTestId('groups-tab-mine').textContent).toBe('My Groups (2)');
  });

  it('shows the empty state, whose buttons open the dialogs', async () => {
    const user = userEvent.setup();
    renderView({ [MINE_URL]: { body: [] } });
    expect(await screen.findByText('You are not in any group yet')).not.toBeNull();
    expect(screen.getByTestId('groups-tab-mine').textContent).toBe('My Groups (0)');
    const empty = screen.getByText('You are not in any group yet').parentElement;
    await user.click(within(empty ?? document.body).getByRole('button', { name: 'Create group' }));
    expect(screen.getByTestId('create-group-dialog')).not.toBeNull();
  });

  it("says 'Failed to fetch groups' and retries", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    renderView({
      [MINE_URL]: (): MockResponse => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: '' } : { body: [makeGroup()] };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch groups');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('group-card')).not.toBeNull();
  });

  it('searches only from 3 characters on', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderView({
      [MINE_URL]: { body: [] },
      '/api/groups/search': { body: [makeGroup({ name: 'Garden tools' })] },
    });
    await user.click(screen.getByTestId('groups-tab-search'));
    const input = screen.getByTestId('group-search-input');
    await user.type(input, 'ga');
    expect(screen.getByText('Enter at least 3 characters.')).not.toBeNull();
    await user.type(input, 'r');
    expect(await screen.findByTestId('group-card')).not.toBeNull();
    expect(callsTo(fetchMock, '/api/groups/search')).toEqual(['/api/groups/search?q=gar']);
    expect(screen.queryByText('Enter at least 3 characters.')).toBeNull();
  });

  it("marks the groups the user asked to join with 'Request pending' in Discover and Search", async () => {
    const user = userEvent.setup();
    const asked = makeGroup({ id: 'asked', name: 'Garden tools', hasPendingRequest: true });
    const other = makeGroup({ id: 'other', name: 'Gardening club' });
    renderView({
      [MINE_URL]: { body: [] },
      '/api/groups/discover': { body: [asked, other] },
      '/api/groups/search': { body: [asked, other] },
    });
    const pendingNames = async () =>
      (await screen.findAllByTestId('group-card'))
        .filter((card) => within(card).queryByTestId('group-request-pending') !== null)
        .map((card) => within(card).getByRole('heading').textContent);

    await user.click(screen.getByTestId('groups-tab-discover'));
    expect(await pendingNames()).toEqual(['Garden tools']);

    await user.click(screen.getByTestId('groups-tab-search'));
    await user.type(screen.getByTestId('group-search-input'), 'garden');
    expect(await pendingNames()).toEqual(['Garden tools']);
  });

  it('says when a search finds nothing', async () => {
    const user = userEvent.setup();
    renderView({ [MINE_URL]: { body: [] }, '/api/groups/search': { body: [] } });
    await user.click(screen.getByTestId('groups-tab-search'));
    await user.type(screen.getByTestId('group-search-input'), 'zither');
    expect(await screen.findByText('No groups found')).not.toBeNull();
    expect(screen.getByText(/Nothing matches “zither”/)).not.toBeNull();
  });

  it('shows the newest public groups in Discover without a location', async () => {
    const user = userEvent.setup();
    renderView({ [MINE_URL]: { body: [] }, '/api/groups/discover': { body: [] } });
    await user.click(screen.getByTestId('groups-tab-discover'));
    expect(await screen.findByText('No public groups yet')).not.toBeNull();
    expect(screen.getByTestId('gps-toggle').getAttribute('aria-checked')).toBe('false');
  });

  it('opens the join dialog from a /groups?join=CODE link, looks the code up, and drops the parameter on close', async () => {
    const user = userEvent.setup();
    const { history } = renderView(
      { [MINE_URL]: { body: [] }, '/api/groups/code/1234567890': { body: makeGroup({ isPrivate: true }) } },
      '/groups?join=1234567890',
    );
    const dialog = await screen.findByTestId('join-group-dialog');
    expect((await within(dialog).findByTestId('join-group-summary')).textContent).toContain('Garden tools');
    await user.click(within(dialog).getByTestId('join-back'));
    expect((within(dialog).getByTestId('join-code-input') as HTMLInputElement).value).toBe('1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('join-group-dialog')).toBeNull());
    expect(history.at(-1)).toBe('/groups');
  });

  it('refreshes my groups after creating one', async () => {
    const user = userEvent.setup();
    let created = false;
    const { fetchMock } = renderView({
      [MINE_URL]: (): MockResponse => ({ body: created ? [makeGroup({ name: 'Neighbours' })] : [] }),
      '/api/groups': (): MockResponse => {
        created = true;
        return { status: 201, body: makeGroup({ name: 'Neighbours' }) };
      },
    });
    await screen.findByText('You are not in any group yet');
    await user.click(screen.getByTestId('create-group'));
    const dialog = screen.getByTestId('create-group-dialog');
    // A form dialog opens on its first field, not on the close button.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Group name')));
    await user.type(within(dialog).getByLabelText('Group name'), 'Neighbours');
    await user.click(within(dialog).getByTestId('create-group-submit'));
    expect(await screen.findByTestId('group-card')).not.toBeNull();
    expect(screen.queryByTestId('create-group-dialog')).toBeNull();
    expect(callsTo(fetchMock, MINE_URL)).toHaveLength(2);
  });
});
