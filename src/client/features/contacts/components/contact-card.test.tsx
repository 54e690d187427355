import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Contact } from '@/contract/schemas/contact';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { stubImageLoading } from '@/client/testing/stub-image-loading';
import { makeContact } from '@/client/testing/contact-fixtures';
import { ContactCard } from './contact-card';

/** Bob Builder: two initials, and an email of his own. */
function bobBuilder(overrides: Partial<Contact> = {}): Contact {
  return makeContact({ name: 'Bob Builder', email: 'bob@example.org', ...overrides });
}

function renderCard(contact: Contact) {
  const actions = { onEdit: vi.fn(), onInvite: vi.fn(), onRemove: vi.fn() };
  renderWithProviders(<ContactCard contact={contact} {...actions} />);
  return { card: screen.getByTestId('contact-card'), ...actions };
}

describe('<ContactCard/>', () => {
  it('pending: initials, name, phone, email, "Not Registered" and an Invite button', async () => {
    const user = userEvent.setup();
    const contact = bobBuilder();
    const { card, onInvite, onEdit, onRemove } = renderCard(contact);
    expect(card.getAttribute('data-status')).toBe('pending');
    expect(card.textContent).toContain('BB');
    expect(within(card).getByRole('heading', { name: 'Bob Builder' })).not.toBeNull();
    expect(within(card).getByTestId('contact-phone').textContent).toBe('+41791234567');
    expect(within(card).getByTestId('contact-email').textContent).toBe('bob@example.org');
    expect(within(card).getByTestId('contact-status').textContent).toBe('Not Registered');

    await user.click(within(card).getByRole('button', { name: 'Invite Bob Builder' }));
    expect(onInvite).toHaveBeenCalledWith(contact);
    await user.click(within(card).getByRole('button', { name: 'Edit Bob Builder' }));
    expect(onEdit).toHaveBeenCalledWith(contact);
    await user.click(within(card).getByRole('button', { name: 'Remove Bob Builder' }));
    expect(onRemove).toHaveBeenCalledWith(contact);
  });

  it('cuts a long email with an ellipsis and shows all of it as a tooltip', () => {
    const email = 'bartholomew.the.very.long.named.builder@construction-and-renovation.example.org';
    const { card } = renderCard(bobBuilder({ email }));
    const value = within(card).getByTestId('contact-email');
    expect(value.textContent).toBe(email);
    expect(value.getAttribute('title')).toBe(email);
    expect(value.className).toContain('truncate');
  });

  it('invited: "Invitation Sent" and a Re-invite button', () => {
    const { card } = renderCard(bobBuilder({ status: 'invited', invitationMethod: 'whatsapp' }));
    expect(within(card).getByTestId('contact-status').textContent).toBe('Invitation Sent');
    const invite = within(card).getByTestId('contact-invite');
    expect(invite.textContent).toBe('Re-invite');
    expect(invite.getAttribute('aria-label')).toBe('Re-invite Bob Builder');
  });

  it('active: "Active", @username and no invite button', () => {
    const { card } = renderCard(
      bobBuilder({
        status: 'active',
        contactUserId: 'user-2',
        username: 'bob',
        user: {
          id: 'user-2',
          name: 'Bob B.',
          username: 'bob',
          email: 'bob@linked.example',
          phone: null,
          photoUrl: null,
        },
      }),
    );
    expect(within(card).getByTestId('contact-status').textContent).toBe('Active');
    expect(card.textContent).toContain('@bob');
    expect(within(card).queryByTestId('contact-invite')).toBeNull();
    expect(within(card).getByTestId('contact-edit')).not.toBeNull();
    expect(within(card).getByTestId('contact-remove')).not.toBeNull();
  });

  it("falls back to the linked user's email, else 'No email'", () => {
    const linked = renderCard(
      bobBuilder({
        email: null,
        status: 'active',
        contactUserId: 'user-2',
        user: { id: 'user-2', name: 'Bob', username: 'bob', email: 'bob@linked.example', phone: null, photoUrl: null },
      }),
    );
    expect(within(linked.card).getByTestId('contact-email').textContent).toBe('bob@linked.example');
  });

  it("shows 'No email' when neither the contact nor a linked user has one", () => {
    const { card } = renderCard(bobBuilder({ email: null }));
    expect(within(card).getByTestId('contact-email').textContent).toBe('No email');
  });

  it("shows the linked user's profile photo instead of the initials", () => {
    const images = stubImageLoading();
    const photoUrl = '/api/users/user-2/photo?v=p1';
    const { card } = renderCard(
      bobBuilder({
        status: 'active',
        contactUserId: 'user-2',
        user: { id: 'user-2', name: 'Bob', username: 'bob', email: null, phone: null, photoUrl },
      }),
    );
    expect(images.map((image) => image.src)).toEqual([photoUrl]);
    act(() => images[0]?.load());
    expect(within(card).getByTestId('avatar-photo').getAttribute('src')).toBe(photoUrl);
    expect(card.textContent).not.toContain('BB');
  });
});
