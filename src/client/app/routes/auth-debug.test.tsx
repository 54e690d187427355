import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@/contract/limits';
import { assignLocation } from '../../lib/full-page-navigation';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AuthDebugPage } from './auth-debug';

vi.mock('../../lib/full-page-navigation', () => ({ assignLocation: vi.fn() }));

describe('<AuthDebugPage/>', () => {
  it('shows the error query value as text, never as markup', () => {
    const error = '<img src=x onerror=alert(1)> state mismatch';
    renderWithProviders(<AuthDebugPage />, { path: `/auth-debug?error=${encodeURIComponent(error)}` });
    const shown = screen.getByTestId('auth-debug-error');
    expect(shown.textContent).toBe(error);
    expect(shown.querySelector('img')).toBeNull();
    expect(screen.queryByTestId('auth-debug-countdown')).toBeNull();
  });

  it('shows device information, URL, host name and time', () => {
    renderWithProviders(<AuthDebugPage />, { path: '/auth-debug?error=x' });
    const main = screen.getByRole('main');
    expect(main.textContent).toContain(navigator.userAgent);
    expect(main.textContent).toContain(window.location.href);
    expect(main.textContent).toContain(window.location.hostname);
    expect(main.querySelector('time')?.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByRole('heading', { name: 'Tips for Safari on iPhone and iPad' })).not.toBeNull();
  });

  it('Try Login Again starts sign-in, Go to Home goes to /', async () => {
    const user = userEvent.setup();
    const view = renderWithProviders(<AuthDebugPage />, { path: '/auth-debug?error=x' });
    await user.click(screen.getByRole('button', { name: 'Try Login Again' }));
    expect(vi.mocked(assignLocation)).toHaveBeenCalledWith('/api/login');
    await user.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(view.history.at(-1)).toBe('/');
  });

  it('without an error, counts down and returns home after 5 s', () => {
    vi.useFakeTimers();
    const view = renderWithProviders(<AuthDebugPage />, { path: '/auth-debug' });
    const countdown = screen.getByTestId('auth-debug-countdown');
    expect(countdown.textContent).toBe('Going to the home page in 5 seconds.');
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(countdown.textContent).toBe('Going to the home page in 3 seconds.');
    expect(view.history.at(-1)).toBe('/auth-debug');
    act(() => {
      vi.advanceTimersByTime(TIMINGS.authDebugRedirectMs - 2_000);
    });
    expect(view.history.at(-1)).toBe('/');
  });
});
