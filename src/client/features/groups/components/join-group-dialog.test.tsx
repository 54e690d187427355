import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { JoinRequest } from '@/contract/schemas/group';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { GARDEN_ID, makeGroup } from '../testing/make-group';
import { JoinGroupDialog } from './join-group-dialog';

const CODE_URL = '/api/groups/code/1234567890';
const JOIN_URL = `/api/groups/${GARDEN_ID}/join-requests`;

const joinRequest: JoinRequest = {
  id: 'request-1',
  groupId: GARDEN_ID,
  status: 'pending',
  requestedAt: '2026-03-02T10:00:00.000Z',
  respondedAt: null,
  requestMessage: 'Hi',
  adminResponse: null,
  user: { id: 'user-1', name: 'Annabel Lee', username: 'annabel' },
};

const notFound: MockResponse = {
  status: 404,
  body: { error: { code: 'not_found', messageKey: 'errors.not_found', message: 'Not found' } },
};

type Routes = Parameters<typeof mockFetch>[0];

/** The server is outside this component test's walls: fetch answers from a table shaped like its contract. */
function renderDialog(routes: Routes, initialCode?: string) {
  const fetchMock = mockFetch(routes);
  const onOpenChange = vi.fn();
  renderWithProviders(<JoinGroupDialog open onOpenChange={onOpenChange} initialCode={initialCode} />);
  return { fetchMock, onOpenChange, dialog: screen.getByTestId('join-group-dialog') };
}

describe('<JoinGroupDialog/>', () => {
  it('opens on the code field', async () => {
    const { dialog } = renderDialog({});
    await vi.waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('join-code-input')));
  });

  it('refuses a code that is not 10 digits without asking the server', async () => {
    const user = userEvent.setup();
    const { fetchMock, dialog } = renderDialog({});
    await user.type(within(dialog).getByTestId('join-code-input'), '12345');
    await user.click(within(dialog).getByTestId('join-code-next'));
    expect(await within(dialog).findByText('Group code must be 10 digits')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Group not found' for an unknown code and stays on the code step", async () => {
    const user = userEvent.setup();
    const { dialog } = renderDialog({ '/api/groups/code/0000000000': notFound });
    await user.type(within(dialog).getByTestId('join-code-input'), '0000000000');
    await user.click(within(dialog).getByTestId('join-code-next'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Group not found');
    expect(alert.textContent).toContain('Please check the group code and try again.');
    expect(dialog.getAttribute('data-step')).toBe('code');
    expect(within(dialog).getByTestId('join-code-input').getAttribute('aria-invalid')).toBe('true');
  });

  it('looks the code up, confirms, goes Back, and sends the request with message and code', async () => {
    const user = userEvent.setup();
    const { fetchMock, onOpenChange, dialog } = renderDialog({
      [CODE_URL]: { body: makeGroup() },
      [JOIN_URL]: { status: 201, body: joinRequest },
    });
    await user.type(within(dialog).getByTestId('join-code-input'), '12345 67890');
    await user.click(within(dialog).getByTestId('join-code-next'));

    const summary = await within(dialog).findByTestId('join-group-summary');
    expect(dialog.getAttribute('data-step')).toBe('confirm');
    expect(within(summary).getByRole('heading', { name: 'Garden tools' })).not.toBeNull();
    expect(summary.textContent).toContain('Public group');
    expect(summary.textContent).toContain('3/50');
    expect(summary.textContent).toContain('Greta Gardener');

    await user.click(within(dialog).getByTestId('join-back'));
    const input = within(dialog).getByTestId('join-code-input');
    expect((input as HTMLInputElement).value).toBe('1234567890');
    await user.click(within(dialog).getByTestId('join-code-next'));

    await user.type(await within(dialog).findByTestId('join-message'), 'Hi');
    await user.click(within(dialog).getByTestId('join-send'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Join request sent');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const post = fetchMock.mock.calls.find(([url, init]) => url === JOIN_URL && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ requestMessage: 'Hi', groupCode: '1234567890' });
  });

  it("reports a refusal with the server's reason", async () => {
    const user = userEvent.setup();
    const { onOpenChange, dialog } = renderDialog(
      {
        [CODE_URL]: { body: makeGroup({ isPrivate: true }) },
        [JOIN_URL]: {
          status: 409,
          body: { error: { code: 'group_full', messageKey: 'errors.group_full', message: 'Group full' } },
        },
      },
      '1234567890',
    );
    // Opened from a link: the code is looked up right away.
    await user.click(await within(dialog).findByTestId('join-send'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to send join request');
    expect(toast.textContent).toContain('This group is full.');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(within(dialog).getByTestId('join-group-summary').textContent).toContain('Private group');
  });

  it('offers View group to a member and no Send', async () => {
    const user = userEvent.setup();
    const { onOpenChange, dialog } = renderDialog(
      { [CODE_URL]: { body: makeGroup({ isUserMember: true }) } },
      '1234567890',
    );
    expect((await within(dialog).findByRole('status')).textContent).toBe('You are already a member of this group.');
    expect(within(dialog).queryByTestId('join-send')).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'View group' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says a request is pending, with Back but no Send', async () => {
    const { dialog } = renderDialog({ [CODE_URL]: { body: makeGroup({ hasPendingRequest: true }) } }, '1234567890');
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      "Your request to join is waiting for the admin's answer.",
    );
    expect(within(dialog).queryByTestId('join-send')).toBeNull();
    expect(within(dialog).getByTestId('join-back')).not.toBeNull();
  });
});
