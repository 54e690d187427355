import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { renderWithProviders } from '../testing/render-with-providers';
import { AppRouter } from './router';

function signedOut() {
  return mockFetch({ '/api/auth/user': { status: 401, statusText: 'Unauthorized', body: '' } });
}

function signedIn(unread = 0) {
  return mockFetch({
    '/api/auth/user': { body: makeUser() },
    '/api/messages/unread-count': { body: { count: unread } },
  });
}

async function heading() {
  return screen.findByRole('heading', { level: 1 });
}

describe('signed-out route table', () => {
  it('shows a labelled full-page spinner while the session is being checked', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockFetch({
      '/api/auth/user': async () => {
        await pending;
        return { status: 401, body: '' };
      },
    });
    renderWithProviders(<AppRouter />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading…');
    release();
    expect((await heading()).textContent).toBe('Lend and borrow among friends');
  });

  it('treats 401 as signed out and shows the landing page at /', async () => {
    signedOut();
    renderWithProviders(<AppRouter />);
    expect((await heading()).textContent).toBe('Lend and borrow among friends');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the landing page for any other path', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/contacts' });
    expect((await heading()).textContent).toBe('Lend and borrow among friends');
  });

  it('shows the privacy policy at /gdpr, reached from the landing footer', async () => {
    mockFetch({
      '/api/auth/user': { status: 401, statusText: 'Unauthorized', body: '' },
      '/api/legal/operator': { body: { name: null, address: null, email: null, photoStorage: null } },
    });
    const { history } = renderWithProviders(<AppRouter />);
    (await screen.findByTestId('footer-privacy')).click();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy and data'));
    expect(history.at(-1)).toBe('/gdpr');
    expect(await screen.findByTestId('operator-missing')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Privacy policy', selected: true })).toBeTruthy();
  });

  it('falls back to the landing page when the session check fails otherwise', async () => {
    mockFetch({ '/api/auth/user': { status: 500, statusText: 'Internal Server Error', body: '' } });
    renderWithProviders(<AppRouter />);
    expect((await heading()).textContent).toBe('Lend and borrow among friends');
  });

  it('says the session could not be checked when no answer arrives (offline), and checks again on "Try again"', async () => {
    let online = false;
    mockFetch({
      '/api/auth/user': () => {
        // fetch rejects with a TypeError exactly when no HTTP answer arrived.
        if (!online) throw new TypeError('Failed to fetch');
        return { body: makeUser() };
      },
      '/api/messages/unread-count': { body: { count: 0 } },
    });
    renderWithProviders(<AppRouter />, { path: '/groups/5b0e8a3c-52f4-4a39-9d55-2d1c4b7a0e11' });
    expect((await heading()).textContent).toBe("Can't reach Lendloop");
    expect(screen.queryByTestId('login-required-text')).toBeNull();
    online = true;
    screen.getByTestId('session-unreachable-retry').click();
    await waitFor(() => expect(screen.queryByTestId('session-unreachable')).toBeNull());
  });

  it('serves /auth-debug', async () => {
    signedOut();
    renderWithProviders(<AppRouter />, { path: '/auth-debug?error=access_denied' });
    expect((await heading()).textContent).toBe('Sign-in help');
  });
});

describe('signed-in route table', () => {
  it.each([
    ['/', 'My Items'],
    ['/available-items', 'Available Items'],
    ['/contacts', 'Contacts'],
    ['/groups', 'Groups'],
    ['/groups/42', 'Group details'],
    ['/messages', 'Messages'],
    ['/profile', 'Profile'],
    ['/gdpr', 'Privacy and data'],
    ['/auth-debug', 'Sign-in help'],
  ])('%s → page "%s" inside <main>', async (path, title) => {
    signedIn();
    renderWithProviders(<AppRouter />, { path });
    // While the session loads, /auth-debug is served by the signed-out table: wait for the signed-in shell.
    await screen.findByRole('banner');
    const h1 = await heading();
    expect(h1.textContent).toBe(title);
    expect(h1.closest('main')).not.toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the 404 page for unknown paths', async () => {
    signedIn();
    renderWithProviders(<AppRouter />, { path: '/no/such/page' });
    expect((await heading()).textContent).toBe('404 Page Not Found');
    expect(screen.getByText('Did you forget to add the page to the router?')).not.toBeNull();
  });

  it('does not load the signed-in app for signed-out visitors', async () => {
    const fetchMock = signedOut();
    renderWithProviders(<AppRouter />);
    await heading();
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    const urls = fetchMock.mock.calls.map(([input]) => (typeof input === 'string' ? input : ''));
    expect(urls).not.toContain('/api/messages/unread-count');
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
  });
});
