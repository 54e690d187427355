import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REFERRAL_PREVIEW_URL } from '../../features/referral/api/get-referral-preview';
import { REFERRAL_STORAGE_KEY } from '../../features/referral/referral-storage';
import { assignLocation } from '../../lib/full-page-navigation';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LandingPage } from './landing';

vi.mock('../../lib/full-page-navigation', () => ({ assignLocation: vi.fn() }));

// The server is outside this component test's walls: GET /api/referral/preview is a stubbed fetch.

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

  it('says email sign-up is coming soon (spec §1) without offering a control for it', () => {
    renderWithProviders(<LandingPage />);
    const notice = screen.getByTestId('email-sign-up-notice');
    expect(notice.textContent).toBe('Sign-up with emailComing soon');
    expect(within(notice).queryByRole('textbox')).toBeNull();
    expect(within(notice).queryByRole('button')).toBeNull();
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

  it('with ?ref shows the generic invited banner while the inviter is looked up; both buttons keep the ref and sign in', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [REFERRAL_PREVIEW_URL]: () => new Promise<MockResponse>(() => {}) });
    renderWithProviders(<LandingPage />, { path: '/?ref=abc%2B123' });
    const banner = screen.getByTestId('invited-banner');
    expect(within(banner).getByRole('heading', { name: "You've been invited!" })).not.toBeNull();
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledWith(`${REFERRAL_PREVIEW_URL}?ref=abc%2B123`, expect.anything());
    });

    await user.click(within(banner).getByTestId('invite-join'));
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('abc+123');
    expect(vi.mocked(assignLocation)).toHaveBeenLastCalledWith('/api/login');

    sessionStorage.clear();
    await user.click(within(banner).getByTestId('invite-sign-in'));
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('abc+123');
    expect(vi.mocked(assignLocation)).toHaveBeenCalledTimes(2);
  });

  it('names the inviter once the server vouches for the link', async () => {
    const user = userEvent.setup();
    mockFetch({ [REFERRAL_PREVIEW_URL]: { body: { inviterName: 'Bea Berger' } } });
    renderWithProviders(<LandingPage />, { path: '/?ref=good-token' });
    const banner = screen.getByTestId('invited-banner');
    expect(await within(banner).findByRole('heading', { name: 'Bea Berger invited you to Lendloop' })).not.toBeNull();
    expect(banner.textContent).toContain('connect with Bea Berger');

    await user.click(within(banner).getByTestId('invite-join'));
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('good-token');
    expect(vi.mocked(assignLocation)).toHaveBeenCalledWith('/api/login');
  });

  it.each(['invite_link_invalid', 'invalid_input'])(
    'a link the server refuses (%s): explains, offers no join buttons, drops the stored ref, header sign-in still works',
    async (code) => {
      const user = userEvent.setup();
      // As if /invite had stored it on the way here.
      sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'tampered');
      mockFetch({
        [REFERRAL_PREVIEW_URL]: {
          status: 400,
          body: {
            error: {
              code,
              messageKey: `errors.${code}`,
              message: 'Refused',
            },
          },
        },
      });
      renderWithProviders(<LandingPage />, { path: '/?ref=tampered' });
      const banner = screen.getByTestId('invited-banner');
      expect(
        await within(banner).findByRole('heading', { name: 'This invite link is invalid or corrupted' }),
      ).not.toBeNull();
      expect(within(banner).queryByRole('button')).toBeNull();
      await waitFor(() => {
        expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
      });

      await user.click(screen.getByTestId('landing-sign-in'));
      expect(vi.mocked(assignLocation)).toHaveBeenCalledWith('/api/login');
      expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    },
  );

  it.each<[string, () => void]>([
    [
      'a network failure',
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
        ),
    ],
    ['a server error', () => mockFetch({ [REFERRAL_PREVIEW_URL]: { status: 500, body: '' } })],
  ])('keeps the generic banner and joining on %s', async (_label, stubFetch) => {
    const user = userEvent.setup();
    stubFetch();
    sessionStorage.setItem(REFERRAL_STORAGE_KEY, 'maybe-good');
    const { queryClient } = renderWithProviders(<LandingPage />, { path: '/?ref=maybe-good' });
    await waitFor(() => {
      expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('error');
    });
    const banner = screen.getByTestId('invited-banner');
    expect(within(banner).getByRole('heading', { name: "You've been invited!" })).not.toBeNull();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('maybe-good');

    await user.click(within(banner).getByTestId('invite-join'));
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('maybe-good');
    expect(vi.mocked(assignLocation)).toHaveBeenCalledWith('/api/login');
  });
});
