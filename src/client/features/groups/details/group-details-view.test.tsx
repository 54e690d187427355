import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubImageLoading } from '@/client/testing/stub-image-loading';
import {
  BOB_ID,
  GROUP_ID,
  VIEWER_ID,
  bobMember,
  makeGroup,
  makeJoinRequest,
  makeMember,
  makeMemberView,
} from './testing/group-fixtures';
import { callsTo, renderGroupDetails } from './testing/render-group-details';

const GROUP_URL = `/api/groups/${GROUP_ID}`;
const REQUESTS_URL = `${GROUP_URL}/join-requests`;

describe('<GroupDetailsPage/> views', () => {
  it('shows the admin the details, join requests, members with badges and the admin actions', async () => {
    renderGroupDetails({ [GROUP_URL]: { body: makeGroup() }, [REQUESTS_URL]: { body: [makeJoinRequest()] } });

    const details = await screen.findByTestId('group-details');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Garden Club');
    expect(within(details).getByTestId('group-code').textContent).toBe('1234567890');
    expect(within(details).getByTestId('group-privacy').textContent).toBe('Public');
    expect(within(details).getByTestId('group-member-count').textContent).toBe('2/20');
    expect(within(details).getByTestId('group-admin').textContent).toContain('@annabel');
    expect(details.textContent).toContain('Tools and seeds for the allotments.');
    expect(details.textContent).toContain('Bern');
    expect(screen.getByTestId('group-edit').textContent).toBe('Edit Group');

    const request = await screen.findByTestId('join-request');
    expect(request.getAttribute('data-request-id')).toBe(makeJoinRequest().id);
    expect(request.textContent).toContain('Cleo Park');
    expect(request.textContent).toContain('@cleo');
    expect(request.textContent).toContain('Requested on Mar 2, 2026');
    expect(request.textContent).toContain('I live next door and have a wheelbarrow.');

    const members = screen.getAllByTestId('member');
    expect(members.map((m) => m.getAttribute('data-user-id'))).toEqual([VIEWER_ID, BOB_ID]);
    const [self, bob] = members;
    expect(within(self!).getByTestId('admin-badge').textContent).toBe('Admin');
    expect(within(self!).getByTestId('you-badge').textContent).toBe('You');
    // The admin's menu is on the others only, never on themselves.
    expect(within(self!).queryByTestId('member-actions')).toBeNull();
    expect(within(bob!).getByRole('button', { name: 'Actions for Bob Stone' })).not.toBeNull();
    expect(screen.getByTestId('invite-members')).not.toBeNull();
    expect(screen.getByTestId('delete-group')).not.toBeNull();
    expect(screen.queryByTestId('leave-group')).toBeNull();
  });

  it("shows a member's profile photo, and the initials of one without", async () => {
    const images = stubImageLoading();
    const photoUrl = `/api/users/${BOB_ID}/photo?v=p1`;
    const bob = bobMember({ user: { id: BOB_ID, name: 'Bob Stone', username: 'bob', photoUrl } });
    renderGroupDetails({
      [GROUP_URL]: { body: makeGroup({ members: [makeMember(), bob] }) },
      [REQUESTS_URL]: { body: [] },
    });

    const [self, bobRow] = await screen.findAllByTestId('member');
    act(() => images.find((image) => image.src === photoUrl)?.load());
    expect(within(bobRow!).getByTestId('avatar-photo').getAttribute('src')).toBe(photoUrl);
    expect(within(self!).getByTestId('avatar-initials').textContent).toBe('AL');
  });

  it('hides the join requests card when none are pending', async () => {
    renderGroupDetails({ [GROUP_URL]: { body: makeGroup() }, [REQUESTS_URL]: { body: [] } });
    await screen.findByTestId('group-details');
    await vi.waitFor(() => expect(screen.queryByTestId('join-requests')).toBeNull());
  });

  it('shows a member no admin tools, does not ask for join requests, and offers Leave Group', async () => {
    const { fetchMock } = renderGroupDetails({ [GROUP_URL]: { body: makeMemberView() } });
    await screen.findByTestId('group-details');
    expect(screen.queryByTestId('group-edit')).toBeNull();
    expect(screen.queryByTestId('join-requests')).toBeNull();
    expect(screen.queryByTestId('member-actions')).toBeNull();
    expect(screen.queryByTestId('invite-members')).toBeNull();
    expect(screen.queryByTestId('delete-group')).toBeNull();
    expect(screen.getByTestId('leave-group').textContent).toBe('Leave Group');
    const bob = screen.getAllByTestId('member')[1]!;
    expect(within(bob).getByTestId('admin-badge')).not.toBeNull();
    expect(callsTo(fetchMock, 'GET', REQUESTS_URL)).toHaveLength(0);
  });

  it('shows a non-member of a public group the details and a link into the join dialog', async () => {
    renderGroupDetails({
      [GROUP_URL]: { body: makeMemberView({ isUserMember: false, members: [] }) },
    });
    await screen.findByTestId('group-details');
    const join = screen.getByRole('link', { name: 'Join this group' });
    expect(join.getAttribute('href')).toBe('/groups?join=1234567890');
    expect(screen.queryByTestId('members')).toBeNull();
    expect(screen.queryByTestId('leave-group')).toBeNull();
  });

  it('tells a non-member whose request is waiting instead of offering to join again', async () => {
    renderGroupDetails({
      [GROUP_URL]: { body: makeMemberView({ isUserMember: false, hasPendingRequest: true, members: [] }) },
    });
    expect((await screen.findByTestId('join-pending')).textContent).toContain('Your request to join is pending');
    expect(screen.queryByRole('link', { name: 'Join this group' })).toBeNull();
  });

  it('skips members without user data', async () => {
    const broken = { ...makeGroup().members[1]!, user: { id: '', name: '', username: '', photoUrl: null } };
    renderGroupDetails({
      [GROUP_URL]: { body: makeGroup({ members: [makeGroup().members[0]!, broken] }) },
      [REQUESTS_URL]: { body: [] },
    });
    await screen.findByTestId('group-details');
    expect(screen.getAllByTestId('member')).toHaveLength(1);
  });

  it('shows not found with a way back when the group is missing or hidden', async () => {
    renderGroupDetails({
      [GROUP_URL]: {
        status: 404,
        body: { error: { code: 'not_found', messageKey: 'errors.not_found', message: 'x' } },
      },
    });
    const notFound = await screen.findByTestId('group-not-found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Group not found');
    expect(within(notFound).getByRole('link', { name: 'Back to groups' }).getAttribute('href')).toBe('/groups');
  });

  it('shows the loading state first, and login required without a current user', async () => {
    const first = renderGroupDetails({ [GROUP_URL]: { body: makeGroup() }, [REQUESTS_URL]: { body: [] } });
    expect(screen.getByTestId('group-loading').textContent).toBe('Loading the group…');
    await screen.findByTestId('group-details');
    first.unmount();

    renderGroupDetails({ [GROUP_URL]: { body: makeGroup() } }, { user: null });
    expect(screen.getByTestId('group-login-required').textContent).toContain('Please sign in to see this group.');
  });

  it('lets the admin invite with the code and a join link', async () => {
    const user = userEvent.setup();
    renderGroupDetails({ [GROUP_URL]: { body: makeGroup() }, [REQUESTS_URL]: { body: [] } });
    await user.click(await screen.findByTestId('invite-members'));
    const dialog = screen.getByRole('dialog', { name: 'Invite members' });
    expect((within(dialog).getByTestId('invite-code') as HTMLInputElement).value).toBe('1234567890');
    expect((within(dialog).getByTestId('invite-link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/groups?join=1234567890`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('1234567890');
    expect(within(dialog).getByRole('button', { name: 'Copied' })).not.toBeNull();
  });
});
