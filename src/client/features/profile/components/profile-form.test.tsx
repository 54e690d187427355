import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getI18n } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/contract/schemas/user';
import { mockFetch } from '@/client/testing/mock-fetch';
import { makeUser } from '@/client/testing/fixtures';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { createQueryClient } from '@/client/lib/query-client';
import { AUTH_USER_URL } from '@/client/lib/auth/get-auth-user';
import { ProfileForm } from './profile-form';

/** The texts an input's aria-describedby points to (hint and error). */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

function renderForm(user: User = makeUser()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData([AUTH_USER_URL], user);
  return renderWithProviders(<ProfileForm user={user} />, { queryClient });
}

/** The server is outside this test's walls: PUT answers with the user as saved, GET /api/auth/user with the same. */
function serveProfile(saved: (body: Record<string, unknown>) => User) {
  let last: User | undefined;
  return mockFetch({
    '/api/users/profile': ({ init }) => {
      last = saved(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return { body: last };
    },
    [AUTH_USER_URL]: () => ({ body: last }),
  });
}

describe('<ProfileForm/>', () => {
  it('starts with the stored profile', () => {
    renderForm(makeUser({ email: null, language: 'fr' }));
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Annabel Lee');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+41791234567');
    expect((screen.getByLabelText('Email (optional)') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('fr');
  });

  it('adds the + as soon as the number starts with a digit', async () => {
    const user = userEvent.setup();
    renderForm(makeUser({ phone: null }));
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    await user.type(phone, '41 79 123');
    expect(phone.value).toBe('+41 79 123');
    expect(describedText(phone)).toContain('Include your country code');
  });

  it('shows the validation messages at their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderForm();
    await user.clear(screen.getByLabelText('Full name'));
    const phone = screen.getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '12345');
    const email = screen.getByLabelText('Email (optional)');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const name = screen.getByLabelText('Full name');
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(name)).toContain('Please enter a name.');
    expect(describedText(phone)).toContain('Phone number must be 10-15 digits long');
    expect(describedText(email)).toContain('Please enter a valid email address.');
    expect(document.activeElement).toBe(name);

    await user.clear(phone);
    await user.type(phone, '+079 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() =>
      expect(describedText(phone)).toContain('Phone number must include country code (e.g., +1, +41, +44)'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with PUT, refreshes the session user and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = serveProfile((body) => makeUser({ name: String(body.name), email: null }));
    const { queryClient } = renderForm();
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Annabel Lee-Poe');
    await user.clear(screen.getByLabelText('Email (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByTestId('toast')).textContent).toContain('Profile updated');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/users/profile');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Annabel Lee-Poe',
      phone: '+41791234567',
      email: '',
      language: 'en',
    });
    expect(queryClient.getQueryData<User>([AUTH_USER_URL])?.name).toBe('Annabel Lee-Poe');
    expect(getI18n().language).toBe('en');
  });

  it('switches the interface at once when the saved language differs', async () => {
    const user = userEvent.setup();
    serveProfile((body) => makeUser({ language: body.language === 'de' ? 'de' : 'en' }));
    renderForm();
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    // The toast and the form already speak German.
    expect((await screen.findByTestId('toast')).textContent).toContain('Profil aktualisiert');
    expect(getI18n().language).toBe('de');
    expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeTruthy();
  });

  it("shows the server's field refusal at the field", async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/users/profile': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            messageKey: 'errors.invalid_input',
            message: 'Invalid input',
            issues: [{ path: 'phone', messageKey: 'validation.phoneLength' }],
          },
        },
      },
    });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain('Phone number must be 10-15 digits long');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it("says 'Failed to update profile' with the reason when the save fails otherwise", async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/users/profile': {
        status: 500,
        body: { error: { code: 'server_error', messageKey: 'errors.server_error', message: 'Internal error' } },
      },
    });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Failed to update profile')).toBeTruthy();
    expect(toast.textContent).toContain('Something went wrong on our side. Please try again.');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Annabel Lee');
  });
});
