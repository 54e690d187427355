import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InvitationData } from '@/contract/schemas/contact';
import { TIMINGS } from '@/contract/limits';
import { makeUser } from '@/client/testing/fixtures';
import { mockFetch, type MockResponse } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { createQueryClient } from '@/client/lib/query-client';
import { AUTH_USER_URL } from '@/client/lib/auth/get-auth-user';
import { openInNewTab, openMailApp } from '../open-external';
import { BOB_ID, makeContact } from '@/client/testing/contact-fixtures';
import { ContactsView } from './contacts-view';

vi.mock('../open-external', () => ({ openInNewTab: vi.fn(), openMailApp: vi.fn() }));

const invitation: InvitationData = {
  contactId: BOB_ID,
  contactName: 'Bob',
  contactPhone: '+41791234567',
  contactEmail: null,
  invitationLink: 'https://lendloop.example/invite?ref=token',
  inviterName: 'Annabel Lee',
  expiresAt: '2026-04-01T00:00:00.000Z',
};

type Routes = Parameters<typeof mockFetch>[0];

/** The server is outside these tests' walls: fetch answers from a table shaped like its contract. */
function renderView(routes: Routes) {
  const fetchMock = mockFetch(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], makeUser());
  renderWithProviders(<ContactsView />, { queryClient });
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);
}

describe('<ContactsView/>', () => {
  it('shows the count and one card per contact', async () => {
    renderView({
      '/api/contacts': { body: [makeContact(), makeContact({ id: 'c2', name: 'Cleo', status: 'active' })] },
    });
    expect((await screen.findAllByTestId('contact-card')).map((card) => card.getAttribute('data-status'))).toEqual([
      'pending',
      'active',
    ]);
    expect(screen.getByTestId('contacts-count').textContent).toBe('2 contacts');
  });

  it('shows the empty state, whose button opens the add dialog; import says Not Supported here', async () => {
    const user = userEvent.setup();
    renderView({ '/api/contacts': { body: [] } });
    await user.click(await screen.findByRole('button', { name: 'Add your first contact' }));
    expect(screen.getByTestId('contacts-count').textContent).toBe('0 contacts');
    const dialog = screen.getByRole('dialog', { name: 'Add contact' });
    await user.click(within(dialog).getByTestId('import-tab'));
    expect(within(dialog).getByText('Not Supported')).not.toBeNull();
  });

  it('removes a contact after confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderView({
      '/api/contacts': { body: [makeContact()] },
      [`/api/contacts/user-1/${BOB_ID}`]: { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Bob' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove contact' });
    expect(confirm.textContent).toContain('Remove Bob from your contacts?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Contact removed successfully!');
    expect(callsTo(fetchMock, 'DELETE', `/api/contacts/user-1/${BOB_ID}`)).toHaveLength(1);
  });

  it('edits a contact and reports a refusal with the server reason at the field and in a toast', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = renderView({
      '/api/contacts': { body: [makeContact()] },
      [`/api/contacts/${BOB_ID}`]: ({ init }): MockResponse => {
        attempts += 1;
        const body = JSON.parse(String(init?.body)) as { name: string; email: string };
        return attempts === 1
          ? {
              status: 409,
              body: {
                error: { code: 'contact_duplicate_email', messageKey: 'errors.contact_duplicate_email', message: 'x' },
              },
            }
          : { body: makeContact({ name: body.name, email: body.email }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit contact' });
    const name = within(dialog).getByLabelText('Display name');
    expect((name as HTMLInputElement).value).toBe('Bob');
    // A form dialog opens on its first field, not on the close button.
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    await user.clear(name);
    await user.type(name, 'Bobby');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'bobby@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to update contact');
    expect(toast.textContent).toContain('You already have a contact with this email address.');
    expect(within(dialog).getByLabelText('Email (optional)').getAttribute('aria-invalid')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit contact' })).toBeNull());
    expect((await screen.findByTestId('toast')).textContent).toContain('Contact updated');
    const [, init] = callsTo(fetchMock, 'PUT', `/api/contacts/${BOB_ID}`)[1] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Bobby',
      phone: '+41791234567',
      email: 'bobby@example.org',
    });
  });

  it('opens the add dialog on the Name field; Cancel closes it without adding anyone', async () => {
    const user = userEvent.setup();
    const fetchMock = renderView({ '/api/contacts': { body: [] } });
    await user.click(await screen.findByTestId('add-contact'));
    const dialog = screen.getByRole('dialog', { name: 'Add contact' });
    await vi.waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Name')));

    await user.type(within(dialog).getByLabelText('Name'), 'Bob');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add contact' })).toBeNull());
    expect(callsTo(fetchMock, 'POST', '/api/contacts')).toHaveLength(0);
  });

  it('invites by email: opens the mail app, records the method, and says it was opened, not sent', async () => {
    const user = userEvent.setup();
    const fetchMock = renderView({
      '/api/contacts': { body: [makeContact()] },
      [`/api/contacts/invitation/${BOB_ID}`]: { body: { ...invitation, contactEmail: 'bob@example.org' } },
      '/api/contacts/invite': { body: makeContact({ status: 'invited', invitationMethod: 'email' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Invite Bob' }));
    const dialog = await screen.findByTestId('invitation-dialog');
    await user.click(await within(dialog).findByTestId('invite-email'));
    expect(vi.mocked(openMailApp)).toHaveBeenCalledWith(expect.stringMatching(/^mailto:bob@example\.org\?subject=/));
    expect((await screen.findByTestId('toast')).textContent).toContain('Invitation opened in your email app');
    const [, init] = callsTo(fetchMock, 'POST', '/api/contacts/invite')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ contactId: BOB_ID, invitationMethod: 'email' });
    await vi.waitFor(() => expect(screen.queryByTestId('invitation-dialog')).toBeNull());
  });

  it('after adding an unregistered person offers the invitation, which goes out by WhatsApp', async () => {
    const user = userEvent.setup();
    const fetchMock = renderView({
      '/api/contacts': ({ init }): MockResponse =>
        init?.method === 'POST' ? { status: 201, body: makeContact() } : { body: [] },
      [`/api/contacts/invitation/${BOB_ID}`]: { body: invitation },
      '/api/contacts/invite': { body: makeContact({ status: 'invited', invitationMethod: 'whatsapp' }) },
    });
    await user.click(await screen.findByTestId('add-contact'));
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Phone number'), '+41791234567');
    await user.click(screen.getByTestId('add-contact-submit'));

    const prompt = await screen.findByTestId('invitation-prompt');
    expect(prompt.textContent).toContain('Bob is not registered');
    await user.click(within(prompt).getByTestId('invite-send'));

    const dialog = await screen.findByTestId('invitation-dialog');
    const link = await within(dialog).findByTestId('invitation-link');
    expect((link as HTMLInputElement).value).toBe(invitation.invitationLink);
    expect((link as HTMLInputElement).readOnly).toBe(true);
    expect(dialog.textContent).toContain('Annabel Lee invites you to Lendloop');
    // Phones show the top of the dialog: the link and its Copy button come first, then WhatsApp and email, then the previews.
    const inOrder = [
      link,
      within(dialog).getByTestId('copy-invitation-link'),
      within(dialog).getByTestId('invite-whatsapp'),
      within(dialog).getByTestId('invite-email'),
      within(dialog).getByRole('heading', { name: 'WhatsApp' }),
      within(dialog).getByRole('heading', { name: 'Email' }),
    ];
    inOrder.slice(1).forEach((node, index) => {
      expect(inOrder[index]?.compareDocumentPosition(node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    });

    await user.click(within(dialog).getByTestId('invite-whatsapp'));
    expect(vi.mocked(openInNewTab)).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/wa\.me\/41791234567\?text=Hi%20Bob/),
    );
    // Only WhatsApp was opened; whether the message goes out is up to the user there.
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Invitation opened in WhatsApp');
    expect(toast.textContent).not.toContain('sent');
    const [, init] = callsTo(fetchMock, 'POST', '/api/contacts/invite')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ contactId: BOB_ID, invitationMethod: 'whatsapp' });
  });

  it("copies the link, shows 'Copied' for two seconds and records a link invitation", async () => {
    // user-event puts a clipboard stub on navigator.
    const user = userEvent.setup();
    const fetchMock = renderView({
      '/api/contacts': { body: [makeContact({ status: 'invited' })] },
      [`/api/contacts/invitation/${BOB_ID}`]: { body: invitation },
      '/api/contacts/invite': { body: makeContact({ status: 'invited', invitationMethod: 'link' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Re-invite Bob' }));
    const copy = await screen.findByTestId('copy-invitation-link');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(invitation.invitationLink);
    expect(copy.textContent).toBe('Copied');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contacts/invite')).toHaveLength(1));
    act(() => {
      vi.advanceTimersByTime(TIMINGS.copiedMs + 50);
    });
    expect(copy.textContent).toBe('Copy link');
  });
});
