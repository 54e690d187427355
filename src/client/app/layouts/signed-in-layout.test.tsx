import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { POLLING } from '@/contract/limits';
import { unreadCountQueryOptions } from '../../features/messages/api/get-unread-count';
import { assignLocation } from '../../lib/full-page-navigation';
import { makeUser } from '../../testing/fixtures';
import { mockFetch } from '../../testing/mock-fetch';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PageFrame } from '../../components/layouts/page-frame';
import { SignedInLayout } from './signed-in-layout';

vi.mock('../../lib/full-page-navigation', () => ({ assignLocation: vi.fn() }));

function renderShell({ unread = 0, path = '/', user = makeUser() } = {}) {
  mockFetch({ '/api/messages/unread-count': { body: { count: unread } } });
  return renderWithProviders(
    <SignedInLayout user={user}>
      <PageFrame title="Page" />
    </SignedInLayout>,
    { path },
  );
}

describe('<SignedInLayout/>', () => {
  it('has the landmarks: header, two labelled navs, main', () => {
    renderShell();
    expect(screen.getByRole('banner')).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).not.toBeNull();
    expect(screen.getByRole('main')).not.toBeNull();
  });

  it('lists the five entries in both navs and marks the current one', () => {
    renderShell({ path: '/groups/12' });
    for (const name of ['Main navigation', 'Quick navigation']) {
      const nav = screen.getByRole('navigation', { name });
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'My Items',
        'Available Items',
        'Contacts',
        'Groups',
        'Messages',
      ]);
      const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual(['Groups']);
    }
  });

  it('shows the unread count on the header icon and the bottom bar', async () => {
    renderShell({ unread: 7 });
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('7');
    expect(screen.getByTestId('bottom-nav-unread-badge').textContent).toBe('7');
    expect(screen.getAllByRole('link', { name: 'Messages (unread: 7)' })).toHaveLength(2);
  });

  it('caps the badge at 99+', async () => {
    renderShell({ unread: 250 });
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('99+');
  });

  it('hides the badge when nothing is unread', async () => {
    const view = renderShell({ unread: 0 });
    await waitFor(() => {
      expect(view.queryClient.getQueryData(['/api/messages/unread-count'])).toBe(0);
    });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('polls the unread count every 30 s, stale after 10 s', () => {
    const options = unreadCountQueryOptions();
    expect(options.refetchInterval).toBe(POLLING.conversationsMs);
    expect(options.staleTime).toBe(POLLING.conversationsStaleMs);
    expect(options.queryKey).toEqual(['/api/messages/unread-count']);
  });
});

describe('user menu', () => {
  it('shows the name, a 20-character email preview, Profile Settings, Privacy and data, and Sign Out', async () => {
    const user = userEvent.setup();
    renderShell();
    const trigger = screen.getByTestId('user-menu-trigger');
    expect(trigger.getAttribute('aria-label')).toBe('Account menu for Annabel Lee');
    expect(trigger.textContent).toBe('AL');

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Annabel Lee')).not.toBeNull();
    expect(within(menu).getByTestId('user-menu-email').textContent).toBe('annabel.lee@example.…');
    const profile = within(menu).getByRole('menuitem', { name: 'Profile Settings' });
    expect(profile.getAttribute('href')).toBe('/profile');
    const privacy = within(menu).getByRole('menuitem', { name: 'Privacy and data' });
    expect(privacy.getAttribute('href')).toBe('/gdpr');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(vi.mocked(assignLocation)).toHaveBeenCalledWith('/api/logout');
  });

  it('falls back to the username without a name', async () => {
    const user = userEvent.setup();
    renderShell({ user: makeUser({ name: '', email: null }) });
    await user.click(screen.getByTestId('user-menu-trigger'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('annabel')).not.toBeNull();
    expect(within(menu).queryByTestId('user-menu-email')).toBeNull();
    expect(screen.getByTestId('user-menu-trigger').textContent).toBe('AN');
  });

  it('switches the interface language', async () => {
    const user = userEvent.setup();
    const { i18n } = renderShell();
    await user.click(screen.getByTestId('user-menu-trigger'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => {
      expect(i18n.resolvedLanguage).toBe('de');
    });
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).not.toBeNull();
  });
});

describe('news dialog', () => {
  it('opens from the brand button with four dated announcements', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByTestId('brand-button'));
    const dialog = await screen.findByTestId('news-dialog');
    expect(dialog.getAttribute('role')).toBe('dialog');
    const articles = within(dialog).getAllByRole('article');
    expect(articles).toHaveLength(4);
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Welcome to Lendloop!', 'Made for your phone', 'Security updates', 'Community guidelines']);
    const first = articles[0];
    expect(first?.textContent).toContain('High priority');
    expect(first?.textContent).toContain('Welcome');
    expect(first?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02');
    expect(first?.querySelector('time')?.textContent).toBe('March 2, 2026');
    const priorities = articles.map((article) => article.textContent);
    expect(priorities.some((text) => text.includes('Medium priority'))).toBe(true);
    expect(priorities.some((text) => text.includes('Low priority'))).toBe(true);
  });

  it('gives focus back to the brand button when it closes', async () => {
    const user = userEvent.setup();
    renderShell();
    const brand = screen.getByTestId('brand-button');
    await user.click(brand);
    await screen.findByTestId('news-dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByTestId('news-dialog')).toBeNull();
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(brand);
    });
  });
});
