import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { BOB_ID, blockListServer, callsTo, makeBlockedPerson } from '../testing/blocked-person-fixtures';
import { BlockedPeopleList } from './blocked-people-list';

describe('<BlockedPeopleList/>', () => {
  it('says when nobody is blocked and how to block someone', async () => {
    mockFetch(blockListServer());
    renderWithProviders(<BlockedPeopleList />);
    const empty = await screen.findByTestId('blocked-people-empty');
    expect(empty.textContent).toContain("You haven't blocked anyone.");
    expect(empty.textContent).toContain('open the menu in your conversation');
  });

  it('lists each blocked person with initials or photo, name, @username and the day of the block', async () => {
    mockFetch(
      blockListServer([
        makeBlockedPerson(),
        makeBlockedPerson({
          userId: 'c0c0c0c0-0000-4000-8000-000000000003',
          name: 'Carol Cook',
          username: 'carol',
          photoUrl: '/api/users/c0c0c0c0-0000-4000-8000-000000000003/photo?v=1',
          blockedAt: '2026-11-20T08:00:00.000Z',
        }),
      ]),
    );
    renderWithProviders(<BlockedPeopleList />);
    const rows = await screen.findAllByTestId('blocked-person');
    expect(rows.map((row) => within(row).getByTestId('blocked-person-name').textContent)).toEqual([
      'Bob Builder',
      'Carol Cook',
    ]);
    expect(rows[0]!.textContent).toContain('@bob.builder');
    expect(within(rows[0]!).getByTestId('avatar-initials').textContent).toBe('BB');
    expect(within(rows[0]!).getByTestId('blocked-person-date').textContent).toBe('Blocked on Mar 2, 2026');
    expect(within(rows[1]!).getByTestId('blocked-person-date').textContent).toBe('Blocked on Nov 20, 2026');
    expect(within(rows[1]!).getByRole('button', { name: 'Unblock Carol Cook' })).not.toBeNull();
    expect(screen.getByRole('list', { name: 'Blocked people' })).not.toBeNull();
  });

  it('unblocks after confirmation: DELETE, a toast, and the person leaves the list', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(blockListServer([makeBlockedPerson()]));
    renderWithProviders(<BlockedPeopleList />);
    await user.click(await screen.findByRole('button', { name: 'Unblock Bob Builder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unblock Bob Builder?' });
    expect(dialog.textContent).toContain('Bob Builder is not told.');
    expect(callsTo(fetchMock, 'DELETE', `/api/blocks/${BOB_ID}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Bob Builder is unblocked');
    expect(callsTo(fetchMock, 'DELETE', `/api/blocks/${BOB_ID}`)).toHaveLength(1);
    expect(await screen.findByTestId('blocked-people-empty')).not.toBeNull();
  });

  it('a failed load says so, toasts and offers a retry', async () => {
    mockFetch({
      '/api/blocks': {
        status: 500,
        body: { error: { code: 'server_error', messageKey: 'errors.server_error', message: 'x' } },
      },
    });
    renderWithProviders(<BlockedPeopleList />);
    expect((await screen.findByTestId('blocked-people-error')).textContent).toContain('Failed to load blocked people');
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to load blocked people');
    expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
  });
});
