import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InvitationData } from '@/contract/schemas/contact';
import { makeUser } from '@/client/testing/fixtures';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { BOB_ID } from '@/client/testing/contact-fixtures';
import { InvitationDialog } from './invitation-dialog';

const invitation: InvitationData = {
  contactId: BOB_ID,
  contactName: 'Bob',
  contactPhone: '+41791234567',
  contactEmail: null,
  invitationLink: 'https://lendloop.example/invite?ref=Ab3dEf6hIj9k',
  inviterName: 'Annabel Lee',
  expiresAt: '2026-05-01T00:00:00.000Z',
};

/** The server is outside this test's walls: the signed-in user and the invitation data as it answers them. */
function serverWithProfileLanguage(language: 'en' | 'de') {
  mockFetch({
    '/api/auth/user': { body: makeUser({ language }) },
    [`/api/contacts/invitation/${BOB_ID}`]: { body: invitation },
  });
}

describe('<InvitationDialog/>', () => {
  it('writes the message in the profile language and says so when the screen shows another', async () => {
    serverWithProfileLanguage('de');
    renderWithProviders(<InvitationDialog contact={{ id: BOB_ID, name: 'Bob' }} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('invitation-dialog');
    const note = await within(dialog).findByTestId('invitation-language-note');
    expect(note.textContent).toBe('The message is written in German, the language of your profile.');
    expect(dialog.textContent).toContain('Annabel Lee lädt dich zu Lendloop ein');
    // The dialog itself stays in the interface language.
    expect(dialog.textContent).toContain('Invite Bob');
  });

  it('says nothing about the language when it is the one on screen', async () => {
    serverWithProfileLanguage('en');
    renderWithProviders(<InvitationDialog contact={{ id: BOB_ID, name: 'Bob' }} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('invitation-dialog');
    await within(dialog).findByTestId('invitation-link');
    expect(dialog.textContent).toContain('Annabel Lee invites you to Lendloop');
    expect(within(dialog).queryByTestId('invitation-language-note')).toBeNull();
  });
});
