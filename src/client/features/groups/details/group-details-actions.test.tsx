import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MockResponse } from '@/client/testing/mock-fetch';
import {
  BOB_ID,
  GROUP_ID,
  REQUEST_ID,
  VIEWER_ID,
  makeGroup,
  makeJoinRequest,
  makeMemberView,
} from './testing/group-fixtures';
import { callsTo, renderGroupDetails } from './testing/render-group-details';

const GROUP_URL = `/api/groups/${GROUP_ID}`;
const REQUESTS_URL = `${GROUP_URL}/join-requests`;
const APPROVE_URL = `/api/groups/join-requests/${REQUEST_ID}/approve`;
const DENY_URL = `/api/groups/join-requests/${REQUEST_ID}/deny`;

const apiError = (status: number, code: string): MockResponse => ({
  status,
  body: { error: { code, messageKey: `errors.${code}`, message: 'x' } },
});

const bodyOf = (call: [unknown, RequestInit?] | undefined): unknown => JSON.parse(String(call?.[1]?.body));

describe('<GroupDetailsPage/> actions', () => {
  it('approves with the typed response, clears it, and refetches the group and the requests', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderGroupDetails({
      [GROUP_URL]: { body: makeGroup() },
      // The refetched list still holds the request here, so the same field stays on screen to check.
      [REQUESTS_URL]: { body: [makeJoinRequest()] },
      [APPROVE_URL]: { body: makeJoinRequest({ status: 'approved', adminResponse: 'Welcome!' }) },
    });
    const response = (await screen.findByTestId('join-response')) as HTMLTextAreaElement;
    await user.type(response, 'Welcome!');
    await user.click(screen.getByRole('button', { name: 'Approve Cleo Park' }));

    expect((await screen.findByTestId('toast')).textContent).toContain('Request accepted');
    expect(bodyOf(callsTo(fetchMock, 'PUT', APPROVE_URL)[0])).toEqual({ adminResponse: 'Welcome!' });
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', GROUP_URL)).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', REQUESTS_URL)).toHaveLength(2);
    expect(response.value).toBe('');
  });

  it('denies, clearing the response and refetching only the requests; a refusal keeps the text', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { fetchMock } = renderGroupDetails({
      [GROUP_URL]: { body: makeGroup() },
      [REQUESTS_URL]: { body: [makeJoinRequest()] },
      [DENY_URL]: () => {
        attempts += 1;
        return attempts === 1 ? apiError(409, 'join_request_not_pending') : { body: makeJoinRequest() };
      },
    });
    const response = (await screen.findByTestId('join-response')) as HTMLTextAreaElement;
    await user.type(response, 'Sorry, full.');
    await user.click(screen.getByTestId('deny-request'));
    const failure = await screen.findByTestId('toast');
    expect(failure.textContent).toContain('Deny');
    expect(failure.textContent).toContain('This join request has already been answered.');
    expect(response.value).toBe('Sorry, full.');

    await user.click(screen.getByTestId('deny-request'));
    await vi.waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Request declined'));
    expect(response.value).toBe('');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', REQUESTS_URL)).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', GROUP_URL)).toHaveLength(1);
  });

  it('removes a member after confirmation from the actions menu', async () => {
    const user = userEvent.setup();
    const removeUrl = `${GROUP_URL}/members/${BOB_ID}`;
    const { fetchMock } = renderGroupDetails({
      [GROUP_URL]: { body: makeGroup() },
      [REQUESTS_URL]: { body: [] },
      [removeUrl]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob Stone' }));
    const removeItem = await screen.findByTestId('remove-member');
    // Destructive, as the other remove actions: red text, not the slate of the other items.
    expect(removeItem.className).toContain('text-red-700');
    expect(removeItem.className).not.toContain('text-slate-800');
    await user.click(removeItem);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove member' });
    expect(dialog.textContent).toContain('Remove Bob Stone from Garden Club?');
    await user.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Bob Stone was removed from the group');
    expect(callsTo(fetchMock, 'DELETE', removeUrl)).toHaveLength(1);
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', GROUP_URL)).toHaveLength(2));
  });

  it('transfers the admin role; a refusal toasts under Transfer admin', async () => {
    const user = userEvent.setup();
    const transferUrl = `${GROUP_URL}/transfer-admin`;
    const { fetchMock } = renderGroupDetails({
      [GROUP_URL]: { body: makeGroup() },
      [REQUESTS_URL]: { body: [] },
      [transferUrl]: apiError(404, 'group_member_not_found'),
    });
    await user.click(await screen.findByTestId('member-actions'));
    await user.click(await screen.findByTestId('transfer-admin'));
    const dialog = screen.getByRole('alertdialog', { name: 'Transfer admin role' });
    await user.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Transfer admin');
    expect(toast.textContent).toContain('This person is not a member of the group.');
    expect(bodyOf(callsTo(fetchMock, 'PUT', transferUrl)[0])).toEqual({ newAdminId: BOB_ID });
  });

  it('a member leaves after confirmation and goes back to /groups', async () => {
    const user = userEvent.setup();
    const leaveUrl = `${GROUP_URL}/members/${VIEWER_ID}`;
    const { fetchMock, history } = renderGroupDetails({
      [GROUP_URL]: { body: makeMemberView() },
      [leaveUrl]: { status: 204 },
    });
    await user.click(await screen.findByTestId('leave-group'));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave group' });
    expect(dialog.textContent).toContain('Leave Garden Club?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', leaveUrl)).toHaveLength(0);

    await user.click(screen.getByTestId('leave-group'));
    await user.click(screen.getByTestId('confirm-dialog-confirm'));
    await vi.waitFor(() => expect(history.at(-1)).toBe('/groups'));
    expect(callsTo(fetchMock, 'DELETE', leaveUrl)).toHaveLength(1);
    // The page is gone: its group is not fetched again (that would flash "not found").
    expect(callsTo(fetchMock, 'GET', GROUP_URL)).toHaveLength(1);
  });

  it('the admin deletes the group after a warning about members and item shares', async () => {
    const user = userEvent.setup();
    const { fetchMock, history } = renderGroupDetails({
      [GROUP_URL]: ({ init }) => (init?.method === 'DELETE' ? { status: 204 } : { body: makeGroup() }),
      [REQUESTS_URL]: { body: [] },
    });
    await user.click(await screen.findByTestId('delete-group'));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete group' });
    expect(dialog.textContent).toContain('All 2 members lose access');
    expect(dialog.textContent).toContain('items shared with the group are no longer shared');
    await user.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await vi.waitFor(() => expect(history.at(-1)).toBe('/groups'));
    expect(callsTo(fetchMock, 'DELETE', GROUP_URL)).toHaveLength(1);
    expect((await screen.findByTestId('toast')).textContent).toContain('Group deleted');
  });

  it('edits the group; a maximum below the member count shows at the field and in a toast', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { fetchMock } = renderGroupDetails({
      [GROUP_URL]: ({ init }) => {
        if (init?.method !== 'PUT') return { body: makeGroup() };
        attempts += 1;
        return attempts === 1 ? apiError(409, 'group_max_below_members') : { body: makeGroup({ name: 'Gardeners' }) };
      },
      [REQUESTS_URL]: { body: [] },
    });
    await user.click(await screen.findByTestId('group-edit'));
    const dialog = screen.getByTestId('group-edit-dialog');
    const name = within(dialog).getByLabelText('Group name');
    // A form dialog opens on its first field, not on the close button.
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    await user.clear(name);
    await user.type(name, 'Gardeners');
    await user.click(within(dialog).getByRole('switch', { name: 'Private group' }));
    const max = within(dialog).getByLabelText('Maximum members');
    await user.clear(max);
    await user.type(max, '1');
    await user.click(within(dialog).getByTestId('group-edit-save'));
    expect(dialog.textContent).toContain('Group must allow at least 2 members');
    expect(callsTo(fetchMock, 'PUT', GROUP_URL)).toHaveLength(0);

    await user.clear(max);
    await user.type(max, '2');
    await user.click(within(dialog).getByTestId('group-edit-save'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Update group');
    expect(toast.textContent).toContain('The group already has more members than this maximum.');
    expect(max.getAttribute('aria-invalid')).toBe('true');

    await user.clear(max);
    await user.type(max, '30');
    await user.click(within(dialog).getByTestId('group-edit-save'));
    await vi.waitFor(() => expect(screen.queryByTestId('group-edit-dialog')).toBeNull());
    expect(bodyOf(callsTo(fetchMock, 'PUT', GROUP_URL)[1])).toEqual({
      name: 'Gardeners',
      description: 'Tools and seeds for the allotments.',
      location: 'Bern',
      isPrivate: true,
      maxMembers: 30,
    });
  });
});
