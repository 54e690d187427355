import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContactPermission, GroupPermission } from '@/contract/schemas/item';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { DRILL_ID, makeOwnItem } from '@/client/testing/make-item';
import { ItemPermissionsDialog } from './item-permissions-dialog';

const BOB = 'b0b00000-0000-4000-8000-000000000001';
const CARLA = 'ca71a000-0000-4000-8000-000000000002';
const GARDEN = '6a7de000-0000-4000-8000-000000000003';
const FAMILY = 'fa111100-0000-4000-8000-000000000004';

const contacts: ContactPermission[] = [
  { contactUserId: BOB, name: 'Bob Builder', phone: '+41791234567', canView: true },
  { contactUserId: CARLA, name: 'Carla Cook', phone: null, canView: false },
];
const groups: GroupPermission[] = [
  { groupId: GARDEN, name: 'Garden club', memberCount: 12, canView: false },
  { groupId: FAMILY, name: 'Family', memberCount: 1, canView: true },
];

type Routes = Parameters<typeof mockFetch>[0];

function renderDialog(routes: Routes) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<ItemPermissionsDialog open onOpenChange={onOpenChange} item={makeOwnItem()} />);
  return { ...result, fetchMock, onOpenChange, dialog: screen.getByTestId('item-permissions-dialog') };
}

const listRoutes = (contactRows: ContactPermission[], groupRows: GroupPermission[]): Routes => ({
  [`/api/items/${DRILL_ID}/permissions`]: { body: contactRows },
  [`/api/items/${DRILL_ID}/group-permissions`]: { body: groupRows },
});

/** The write calls (method and path, with the body when there is one) in the order they were sent. */
function writes(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method !== 'GET')
    .map(([url, init]) => ({
      method: init?.method,
      url,
      body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
    }));
}

/**
 * Answers every write with 204, but only once `expected` writes are under way
 * (or after a short wait), and records how many ran at the same time: calls
 * sent one after the other would never overlap.
 */
function parallelWrites(expected: number) {
  let running = 0;
  let started = 0;
  const seen = { maxRunning: 0 };
  let release = () => {};
  const allStarted = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (): Promise<MockResponse> => {
    running += 1;
    started += 1;
    seen.maxRunning = Math.max(seen.maxRunning, running);
    if (started === expected) release();
    await Promise.race([allStarted, new Promise((resolve) => setTimeout(resolve, 300))]);
    running -= 1;
    return { status: 204 };
  };
  return { handler, seen };
}

describe('<ItemPermissionsDialog/>', () => {
  it('lists contacts and groups with their choices and sends only the differences, in parallel', async () => {
    const user = userEvent.setup();
    const { handler, seen } = parallelWrites(3);
    const { fetchMock, dialog, onOpenChange } = renderDialog({
      ...listRoutes(contacts, groups),
      '/api/permissions': handler,
      [`/api/permissions/${DRILL_ID}/${BOB}`]: handler,
      '/api/group-permissions': handler,
      [`/api/group-permissions/${DRILL_ID}/${FAMILY}`]: handler,
    });

    const contactsTab = await within(dialog).findByRole('tab', { name: 'Contacts (2)' });
    expect(contactsTab.getAttribute('aria-selected')).toBe('true');
    const bob = within(dialog).getByRole('checkbox', { name: 'Can see Bob Builder' }) as HTMLInputElement;
    const carla = within(dialog).getByRole('checkbox', { name: 'Can see Carla Cook' }) as HTMLInputElement;
    expect(bob.checked).toBe(true);
    expect(carla.checked).toBe(false);
    expect(dialog.textContent).toContain('+41791234567');
    await user.click(bob);
    await user.click(carla);

    await user.click(within(dialog).getByRole('tab', { name: 'Groups (2)' }));
    expect(dialog.textContent).toContain('12 members');
    expect(dialog.textContent).toContain('1 member');
    const family = within(dialog).getByRole('checkbox', { name: 'Can see Family' }) as HTMLInputElement;
    expect(family.checked).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Can see Garden club' }));
    // Unticked and ticked again: no change, nothing to send.
    await user.click(family);
    await user.click(family);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes(fetchMock)).toEqual([
      { method: 'POST', url: '/api/permissions', body: { itemId: DRILL_ID, contactUserId: CARLA, canView: true } },
      { method: 'DELETE', url: `/api/permissions/${DRILL_ID}/${BOB}`, body: undefined },
      { method: 'POST', url: '/api/group-permissions', body: { itemId: DRILL_ID, groupId: GARDEN, canView: true } },
    ]);
    expect(seen.maxRunning).toBe(3);
    expect((await screen.findByTestId('toast')).textContent).toContain('Permissions updated');
  });

  it('sends nothing when nothing changed', async () => {
    const user = userEvent.setup();
    const { fetchMock, dialog, onOpenChange } = renderDialog(listRoutes(contacts, groups));
    await within(dialog).findByRole('tab', { name: 'Contacts (2)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(writes(fetchMock)).toEqual([]);
  });

  it('shows the empty states with links to contacts and groups', async () => {
    const user = userEvent.setup();
    const { dialog, history, onOpenChange } = renderDialog(listRoutes([], []));
    await within(dialog).findByRole('tab', { name: 'Contacts (0)' });
    expect(dialog.textContent).toContain('No registered contacts');
    expect(within(dialog).getByRole('link', { name: 'Go to contacts' }).getAttribute('href')).toBe('/contacts');

    await user.click(within(dialog).getByRole('tab', { name: 'Groups (0)' }));
    expect(dialog.textContent).toContain('No groups available');
    expect(dialog.textContent).toContain('Create or join groups to share your items with them.');
    await user.click(within(dialog).getByRole('link', { name: 'Go to groups' }));
    expect(history).toContain('/groups');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('reports a failed save and stays open', async () => {
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog({
      ...listRoutes(contacts, groups),
      '/api/permissions': {
        status: 403,
        body: {
          error: { code: 'share_target_not_allowed', messageKey: 'errors.share_target_not_allowed', message: 'x' },
        },
      },
    });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Can see Carla Cook' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to update permissions');
    expect(toast.textContent).toContain('You can share only with your registered contacts');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('offers a retry when the lists cannot be loaded', async () => {
    const { dialog } = renderDialog({
      [`/api/items/${DRILL_ID}/permissions`]: { status: 500, body: '' },
      [`/api/items/${DRILL_ID}/group-permissions`]: { body: groups },
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The sharing choices could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).not.toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
