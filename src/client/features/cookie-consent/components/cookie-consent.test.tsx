import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { COOKIE_CONSENT_STORAGE_KEY, readCookieConsent, writeCookieConsent } from '../consent-storage';
import { resetCookieConsentStore } from '../consent-store';

function storedConsent() {
  return JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null') as unknown;
}

describe('<CookieConsent/>', () => {
  it('shows the banner until a choice is stored; Accept all stores everything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    const banner = screen.getByTestId('cookie-banner');
    await user.click(within(banner).getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(storedConsent()).toMatchObject({ essential: true, functional: true, analytics: true });
  });

  it('Essential only declines the optional cookies and removes analytics cookies', async () => {
    document.cookie = '_ga=GA1.1.1; path=/';
    document.cookie = 'i18next=en; path=/';
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    await user.click(screen.getByRole('button', { name: 'Essential only' }));
    expect(storedConsent()).toMatchObject({ essential: true, functional: false, analytics: false });
    expect(document.cookie).not.toContain('_ga=');
    expect(document.cookie).toContain('i18next=en');
  });

  it('is not shown once a choice exists', () => {
    writeCookieConsent({ functional: false, analytics: true });
    resetCookieConsentStore();
    renderWithProviders(<p>page</p>);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('settings dialog: essential locked on, functional/analytics toggles, Save stores them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    await user.click(screen.getByRole('button', { name: 'Settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const essential = within(dialog).getByRole('switch', { name: 'Essential cookies' });
    const functional = within(dialog).getByRole('switch', { name: 'Functional cookies' });
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics cookies' });
    expect(essential.getAttribute('aria-checked')).toBe('true');
    expect((essential as HTMLButtonElement).disabled).toBe(true);
    expect(functional.getAttribute('aria-checked')).toBe('false');
    expect(analytics.getAttribute('aria-checked')).toBe('false');

    await user.click(functional);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(readCookieConsent()).toMatchObject({ essential: true, functional: true, analytics: false });
  });

  it('settings dialog: Essential Only declines both', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics cookies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Essential Only' }));
    expect(readCookieConsent()).toMatchObject({ functional: false, analytics: false });
  });
});
