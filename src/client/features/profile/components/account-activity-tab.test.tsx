import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginHistoryEntry } from '@/contract/schemas/user';
import { mockFetch } from '@/client/testing/mock-fetch';
import { makeUser } from '@/client/testing/fixtures';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { AccountActivityTab } from './account-activity-tab';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function entry(overrides: Partial<LoginHistoryEntry>): LoginHistoryEntry {
  return {
    id: 'login-1',
    userAgent: null,
    ipAddress: null,
    loginAt: ago(5 * MINUTE),
    loginMethod: 'builtin-oidc',
    ...overrides,
  };
}

describe('<AccountActivityTab/>', () => {
  it('shows five placeholder rows while the history loads', async () => {
    // The server never answers during this test.
    mockFetch({ '/api/user/login-history': () => new Promise(() => {}) });
    renderWithProviders(<AccountActivityTab user={makeUser()} />);
    const loading = await screen.findByTestId('login-history-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toContain('Loading sign-ins…');
    expect(within(loading).getAllByTestId('login-history-skeleton')).toHaveLength(5);
  });

  it('says when there is no history yet', async () => {
    mockFetch({ '/api/user/login-history': { body: [] } });
    renderWithProviders(<AccountActivityTab user={makeUser()} />);
    expect((await screen.findByTestId('login-history-empty')).textContent).toContain('No login history available yet');
  });

  it('lists each sign-in with device, date, IP, method and how long ago', async () => {
    mockFetch({
      '/api/user/login-history': {
        body: [
          entry({
            id: 'a',
            userAgent:
              'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
            ipAddress: '203.0.113.7',
            loginAt: ago(5 * MINUTE),
          }),
          entry({
            id: 'b',
            userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
            loginAt: ago(3 * 24 * 60 * MINUTE),
            loginMethod: 'oidc',
          }),
          entry({ id: 'c', userAgent: null, loginAt: ago(800 * 24 * 60 * MINUTE), loginMethod: 'passkey' }),
        ],
      },
    });
    renderWithProviders(<AccountActivityTab user={makeUser()} />);
    const rows = await screen.findAllByTestId('login-history-row');
    expect(rows.map((row) => within(row).getByTestId('login-history-device').textContent)).toEqual([
      'Mobile Device',
      'Firefox Browser',
      'Unknown Device',
    ]);
    expect(rows.map((row) => within(row).getByTestId('login-history-relative').textContent)).toEqual([
      '5 minutes ago',
      '3 days ago',
      '2 years ago',
    ]);
    expect(within(rows[0]!).getByTestId('login-history-ip').textContent).toBe('IP address 203.0.113.7');
    expect(within(rows[1]!).queryByTestId('login-history-ip')).toBeNull();
    expect(rows.map((row) => within(row).getByTestId('login-history-method').textContent)).toEqual([
      'Signed in with Lendloop account',
      'Signed in with Single sign-on',
      // A method this client has no words for is shown as the server names it.
      'Signed in with passkey',
    ]);
    // The phone icon for the phone, the monitor for the rest.
    expect(rows[0]!.querySelector('svg')?.getAttribute('class')).toContain('lucide-smartphone');
    expect(rows[1]!.querySelector('svg')?.getAttribute('class')).toContain('lucide-monitor');
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBeTruthy();
  });

  it("shows last login and last active as relative times with the full date, or 'Never'", async () => {
    mockFetch({ '/api/user/login-history': { body: [] } });
    renderWithProviders(
      <AccountActivityTab
        user={makeUser({ lastLogin: ago(2 * 60 * MINUTE), lastActive: null, createdAt: '2026-01-05T10:00:00.000Z' })}
      />,
    );
    expect(screen.getByTestId('activity-last-login-value').textContent).toBe('2 hours ago');
    expect(screen.getByTestId('activity-last-login').textContent).toMatch(/\d{4}/);
    expect(screen.getByTestId('activity-last-active-value').textContent).toBe('Never');
    expect(screen.getByTestId('activity-member-since-value').textContent).toBe('Jan 5, 2026');
    await screen.findByTestId('login-history-empty');
  });

  it('offers a retry when the history cannot be loaded', async () => {
    mockFetch({ '/api/user/login-history': { status: 500, body: '' } });
    renderWithProviders(<AccountActivityTab user={makeUser()} />);
    const failed = await screen.findByTestId('login-history-error');
    expect(failed.textContent).toContain('Failed to load login history');
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
