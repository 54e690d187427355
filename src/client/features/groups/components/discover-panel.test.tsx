import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { makeGroup, positionAt, positionError, removeGeolocation, stubGeolocation } from '../testing/make-group';
import { useDiscoverLocation } from '../use-discover-location';
import { DiscoverPanel } from './discover-panel';

afterEach(removeGeolocation);

function DiscoverHarness() {
  return <DiscoverPanel location={useDiscoverLocation()} />;
}

/** The server is outside this component test's walls: discover answers with a distance only when given a position. */
function renderDiscover() {
  const fetchMock = mockFetch({
    '/api/groups/discover': ({ url }) => {
      const near = new URL(url, 'http://localhost').searchParams.has('latitude');
      return { body: [near ? makeGroup({ distance: 1.25 }) : makeGroup({ id: 'newest', name: 'Book club' })] };
    },
  });
  renderWithProviders(<DiscoverHarness />);
  return fetchMock;
}

function discoverUrls(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/groups/discover'));
}

const toggle = () => screen.getByTestId('gps-toggle');

describe('<DiscoverPanel/>', () => {
  it('off: newest public groups; locating; on: nearest first with distance; off again clears the position', async () => {
    const user = userEvent.setup();
    let answer: ((position: GeolocationPosition) => void) | undefined;
    stubGeolocation((success) => {
      answer = success;
    });
    const fetchMock = renderDiscover();
    expect(within(await screen.findByTestId('group-card')).getByRole('heading').textContent).toBe('Book club');
    expect(discoverUrls(fetchMock)).toEqual(['/api/groups/discover']);
    expect((screen.getByTestId('radius-slider') as HTMLInputElement).disabled).toBe(true);

    await user.click(toggle());
    expect(toggle().getAttribute('data-gps-state')).toBe('locating');
    expect(screen.getByTestId('gps-status').textContent).toBe('Finding your location…');

    act(() => answer?.(positionAt(47.3769, 8.5417)));
    expect(await screen.findByTestId('group-distance')).not.toBeNull();
    expect(screen.getByTestId('group-distance').textContent).toBe('1.3 km');
    expect(toggle().getAttribute('data-gps-state')).toBe('on');
    expect(discoverUrls(fetchMock).at(-1)).toBe('/api/groups/discover?latitude=47.3769&longitude=8.5417&radius=10');
    expect((screen.getByTestId('radius-slider') as HTMLInputElement).value).toBe(String(LIMITS.radiusKmDefault));

    await user.click(toggle());
    expect(toggle().getAttribute('data-gps-state')).toBe('off');
    expect(screen.getByTestId('gps-status').textContent).toBe('Showing the newest public groups.');
    expect(within(await screen.findByTestId('group-card')).getByRole('heading').textContent).toBe('Book club');
    expect(screen.queryByTestId('group-distance')).toBeNull();
  });

  it("says 'Location not supported' when the browser has no geolocation", async () => {
    const user = userEvent.setup();
    renderDiscover();
    await user.click(toggle());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Location not supported');
    expect(toggle().getAttribute('data-gps-state')).toBe('off');
  });

  it("says 'Location access denied' when permission is refused, else a generic failure", async () => {
    const user = userEvent.setup();
    stubGeolocation((_success, failure) => failure?.(positionError(1)));
    renderDiscover();
    await user.click(toggle());
    expect((await screen.findByTestId('toast')).textContent).toContain('Location access denied');
    expect(toggle().getAttribute('data-gps-state')).toBe('off');

    stubGeolocation((_success, failure) => failure?.(positionError(3)));
    await user.click(toggle());
    await vi.waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Location unavailable'));
  });

  it('applies the radius 300 ms after the slider rests', async () => {
    const user = userEvent.setup();
    stubGeolocation((success) => success(positionAt(47.3769, 8.5417)));
    const fetchMock = renderDiscover();
    await user.click(toggle());
    await screen.findByTestId('group-distance');
    const slider = screen.getByTestId('radius-slider');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const withRadius = (km: number) => discoverUrls(fetchMock).filter((url) => url.endsWith(`radius=${km}`));
    fireEvent.change(slider, { target: { value: '15' } });
    expect(screen.getByTestId('radius-value').textContent).toBe('15 km');
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(slider, { target: { value: '20' } });
    act(() => vi.advanceTimersByTime(LIMITS.radiusDebounceMs - 10));
    expect(withRadius(15)).toEqual([]);
    expect(withRadius(20)).toEqual([]);

    act(() => vi.advanceTimersByTime(10));
    await vi.waitFor(() => expect(withRadius(20)).toHaveLength(1));
    expect(withRadius(15)).toEqual([]);
  });
});
