import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@/contract/enums';
import type { NotificationPreferencesDto, NotificationSettingsDto } from '@/contract/schemas/notifications';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { NOTIFICATION_PREFERENCES_URL } from '../api/get-notification-preferences';
import { NotificationKindsCard } from './notification-kinds-card';

const preferences = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, { push: true, email: true }]),
) as NotificationPreferencesDto;

/** The preferences route: answers GET with `settings`, and a PUT with what was sent plus the server's part. */
function preferencesServer(settings: NotificationSettingsDto) {
  const puts: unknown[] = [];
  const fetchMock = mockFetch({
    [NOTIFICATION_PREFERENCES_URL]: ({ init }) => {
      if (init?.method !== 'PUT') return { body: settings };
      const body = JSON.parse(String(init.body)) as NotificationPreferencesDto;
      puts.push(body);
      return { body: { ...body, emailAvailable: settings.emailAvailable } };
    },
  });
  return { fetchMock, puts };
}

describe('<NotificationKindsCard/>', () => {
  it('without email on the server: says so, the email switches are off and disabled, push still works', async () => {
    const user = userEvent.setup();
    const { puts } = preferencesServer({ ...preferences, emailAvailable: false });
    renderWithProviders(<NotificationKindsCard />);
    const note = await screen.findByTestId('email-unavailable');
    expect(note.textContent).toBe("Email isn't set up on this server, so we can only reach you by push.");
    for (const kind of NOTIFICATION_KINDS) {
      const email = screen.getByTestId(`preference-${kind}-email`);
      expect(email.getAttribute('aria-checked')).toBe('false');
      expect((email as HTMLButtonElement).disabled).toBe(true);
      expect(email.getAttribute('aria-describedby')).toBe(note.id);
      expect((screen.getByTestId(`preference-${kind}-push`) as HTMLButtonElement).disabled).toBe(false);
    }
    await user.click(screen.getByTestId('preference-message-email'));
    expect(puts).toEqual([]);

    await user.click(screen.getByTestId('preference-message-push'));
    await waitFor(() => expect(puts).toHaveLength(1));
    // The saved email choices are sent back unchanged, and only the preferences (not emailAvailable).
    expect(puts[0]).toEqual({ ...preferences, message: { push: false, email: true } });
    expect(screen.getByTestId('preference-message-push').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('email-unavailable')).not.toBeNull();
  });

  it('with email on the server: no note, the email switches show and change the saved choice', async () => {
    const user = userEvent.setup();
    const { puts } = preferencesServer({
      ...preferences,
      handover: { push: true, email: false },
      emailAvailable: true,
    });
    renderWithProviders(<NotificationKindsCard />);
    const handoverEmail = await screen.findByTestId('preference-handover-email');
    expect(screen.queryByTestId('email-unavailable')).toBeNull();
    expect(handoverEmail.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('preference-message-email').getAttribute('aria-checked')).toBe('true');
    expect((handoverEmail as HTMLButtonElement).disabled).toBe(false);
    await user.click(handoverEmail);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ handover: { push: true, email: true } });
    await waitFor(() => expect(handoverEmail.getAttribute('aria-checked')).toBe('true'));
  });
});
