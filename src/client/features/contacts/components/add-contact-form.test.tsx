import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeContact } from '@/client/testing/contact-fixtures';
import { AddContactForm } from './add-contact-form';

/** The input a label names, with the texts its aria-describedby points to. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('<AddContactForm/>', () => {
  it('shows the validation messages at their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithProviders(<AddContactForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    const name = await screen.findByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toContain('Please enter a name.');
    // Digits typed without + get the + added, and then the length rule applies.
    const phone = screen.getByLabelText('Phone number');
    expect(describedText(phone)).toContain('Include the country code');
    expect(describedText(phone)).toContain('Phone number must be 10-15 digits long');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's duplicate-phone refusal at the phone field", async () => {
    const user = userEvent.setup();
    // The server is outside this test's walls: answer as it does for a duplicate phone.
    const fetchMock = mockFetch({
      '/api/contacts': {
        status: 409,
        body: {
          error: {
            code: 'contact_duplicate_phone',
            messageKey: 'errors.contact_duplicate_phone',
            message: 'Duplicate phone',
          },
        },
      },
    });
    const onCreated = vi.fn();
    renderWithProviders(<AddContactForm onCreated={onCreated} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Phone number'), '+41 79 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain('You already have a contact with this phone number.');
    expect(document.activeElement).toBe(phone);
    expect(onCreated).not.toHaveBeenCalled();

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Bob',
      phone: '+41791234567',
      email: '',
      username: '',
    });
  });

  it('Cancel hands over to onCancel and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    const onCancel = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(<AddContactForm onCreated={onCreated} onCancel={onCancel} />);
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onCreated).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a local number typed without its country code', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithProviders(<AddContactForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Bob');
    // 079… would become +079…, and no country code starts with 0.
    await user.type(screen.getByLabelText('Phone number'), '079 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain('Phone number must include country code (e.g., +1, +41, +44)');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands a created contact to onCreated', async () => {
    const user = userEvent.setup();
    // Stand-in for the server: a pending contact comes back.
    mockFetch({
      '/api/contacts': {
        status: 201,
        body: makeContact(),
      },
    });
    const onCreated = vi.fn();
    renderWithProviders(<AddContactForm onCreated={onCreated} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Phone number'), '+41791234567');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ name: 'Bob', status: 'pending' });
  });
  it('asks for a phone, or a username or email instead, when all three are empty', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderWithProviders(<AddContactForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain('Please enter a phone number.');
    expect(describedText(phone)).toContain('Not needed when you give the username or email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds a registered person by username without a phone', async () => {
    const user = userEvent.setup();
    // Stand-in for the server: Bob is registered, so he comes back active and linked.
    const fetchMock = mockFetch({
      '/api/contacts': {
        status: 201,
        body: makeContact({ status: 'active', contactUserId: 'bob-user', username: 'bob.k', phone: null }),
      },
    });
    const onCreated = vi.fn();
    renderWithProviders(<AddContactForm onCreated={onCreated} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Username (optional)'), '@bob.k');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Bob', phone: '', email: '', username: 'bob.k' });
  });

  it("puts the server's 'add a phone to invite them' at the phone field when nobody has that email", async () => {
    const user = userEvent.setup();
    // Stand-in for the server: the email matches no account, and there is no phone to invite with.
    mockFetch({
      '/api/contacts': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            messageKey: 'errors.invalid_input',
            message: 'An unregistered contact needs a phone number',
            issues: [{ path: 'phone', messageKey: 'validation.phoneRequiredForInvite' }],
          },
        },
      },
    });
    const onCreated = vi.fn();
    renderWithProviders(<AddContactForm onCreated={onCreated} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'Carol');
    await user.type(screen.getByLabelText('Email (optional)'), 'carol@example.test');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain("This person isn't on Lendloop yet: add a phone number to invite them.");
    expect(document.activeElement).toBe(phone);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
