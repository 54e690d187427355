import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REFERRAL_STORAGE_KEY } from '../../features/referral/referral-storage';
import { assignLocation } from '../../lib/full-page-navigation';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LandingPage } from './landing';

vi.mock('../../lib/full-page-navigation', () => ({ assignLocation: vi.fn() }));

describe('<LandingPage/>', () => {
  it('has header, hero, three feature cards, call to action and footer', () => {
    renderWithProviders(<LandingPage />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Sign in' })).not.toBeNull();
    expect(within(header).getByRole('combobox', { name: 'Language' })).not.toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Lend and borrow among friends',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Made for your phone',
      "Discover what's available",
      'Private by design',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Ready to share?' })).not.toBeNull();
    expect(screen.getByRole('contentinfo')).not.toBeNull();
    expect(screen.queryByTestId('invited-banner')).toBeNull();
  });

  it('offers the four languages by their native names and switches', async () => {
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<LandingPage />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français', 'Italiano']);
    await user.selectOptions(select, 'it');
    expect(i18n.resolvedLanguage).toBe('it');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Presta e prendi in prestito tra amici');
  });

  it('Sign in navigates to /api/login', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />);
    await user.click(screen.getByTestId('landing-sign-in'));
    expect(vi.mocked(assignLocation)).toHaveBeenCalledWith('/api/login');
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('with ?ref shows the invited banner; both join buttons keep the ref and sign in', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingPage />, { path: '/?ref=abc%2B123' });
    const banner = screen.getByTestId('invited-banner');
    expect(within(banner).getByRole('heading', { name: "You've been invited!" })).not.toBeNull();

    await user.click(within(banner).getByTestId('invite-join'));
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('abc+123');
    expect(vi.mocked(assignLocation)).toHaveBeenLastCalledWith('/api/login');

    sessionStorage.clear();
    await user.click(within(banner).getByTestId('invite-sign-in'));
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('abc+123');
    expect(vi.mocked(assignLocation)).toHaveBeenCalledTimes(2);
  });
});
