import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { BOB_ID, makeContact } from '@/client/testing/contact-fixtures';
import { EditContactDialog } from './edit-contact-dialog';

const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('<EditContactDialog/>', () => {
  it('saves a linked contact with its phone cleared', async () => {
    const user = userEvent.setup();
    const linked = makeContact({ status: 'active', contactUserId: 'bob-user', username: 'bob.k' });
    // Stand-in for the server: PUT answers with the saved contact.
    const fetchMock = mockFetch({
      [`/api/contacts/${BOB_ID}`]: { body: { ...linked, phone: null } },
      '/api/contacts': { body: [] },
    });
    const onClose = vi.fn();
    renderWithProviders(<EditContactDialog contact={linked} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Phone number'));
    await user.click(screen.getByTestId('contact-edit-save'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ name: 'Bob', phone: '', email: '' });
  });

  it('keeps the phone of a contact who is not registered, since it is how they are invited', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    const onClose = vi.fn();
    renderWithProviders(<EditContactDialog contact={makeContact()} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Phone number'));
    await user.click(screen.getByTestId('contact-edit-save'));
    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain("This person isn't on Lendloop yet: add a phone number to invite them.");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
