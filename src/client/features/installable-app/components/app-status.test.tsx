import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { resetNetworkStatus } from '../network-status';
import { announceWaitingUpdate, dismissUpdate } from '../update-store';
import { AppStatus } from './app-status';

function setBrowserOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

/** A page that asks the API once, as every screen does. */
function AskingPage() {
  const query = useQuery<unknown>({ queryKey: ['/api/items/my'] });
  return <p>{query.status}</p>;
}

beforeEach(() => {
  resetNetworkStatus();
  setBrowserOnline(true);
});
afterEach(() => {
  dismissUpdate();
  vi.useRealTimers();
});

describe('offline notice', () => {
  it('shows while the browser is offline and hides when it is back', async () => {
    setBrowserOnline(false);
    renderWithProviders(<AppStatus />);
    expect((await screen.findByTestId('offline-notice')).textContent).toContain("You're offline");

    setBrowserOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('shows when a request gets no answer and the server does not answer a check either', async () => {
    // fetch() rejects with a TypeError when no HTTP answer arrives: the browser's network failure.
    const fetchMock = mockFetch({});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(
      <>
        <AppStatus />
        <AskingPage />
      </>,
    );
    await screen.findByTestId('offline-notice');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/items/my', '/healthz']);
  });

  it('stays hidden when the failure was not the network: the server still answers', async () => {
    const fetchMock = mockFetch({ '/healthz': { body: { status: 'ok' } } });
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('not a network failure')));
    renderWithProviders(
      <>
        <AppStatus />
        <AskingPage />
      </>,
    );
    await screen.findByText('error');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('asks failed queries again once the network is back', async () => {
    setBrowserOnline(false);
    const fetchMock = mockFetch({ '/api/items/my': { body: [] } });
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(
      <>
        <AppStatus />
        <AskingPage />
      </>,
    );
    await screen.findByText('error');
    setBrowserOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('success');
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});

describe('update prompt', () => {
  it('appears when a new version waits and lets it take over on Reload', async () => {
    const apply = vi.fn();
    renderWithProviders(<AppStatus />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();

    act(() => announceWaitingUpdate(apply));
    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt.textContent).toContain('A new version of Lendloop is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('hides on Later without switching versions', async () => {
    const apply = vi.fn();
    renderWithProviders(<AppStatus />);
    act(() => announceWaitingUpdate(apply));
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });
});
