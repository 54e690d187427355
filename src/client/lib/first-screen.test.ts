import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/mock-fetch';

// The phase is the page's: each test starts with a fresh module, as a page load does.
async function load() {
  vi.resetModules();
  const firstScreen = await import('./first-screen');
  const apiClient = await import('./api-client');
  return { ...firstScreen, ...apiClient };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('first screen', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('before the first render nothing waits: the session check and the first page’s data go out at once', async () => {
    const { firstScreenPending, whenFirstScreenShown, apiJson } = await load();
    const fetchMock = mockFetch({ '/api/auth/user': { body: { id: 'u1' } } });
    expect(firstScreenPending()).toBe(false);
    const ran = vi.fn();
    whenFirstScreenShown(ran);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(await apiJson('GET', '/api/auth/user')).toEqual({ id: 'u1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('from the first render until the page is painted, GETs nobody started earlier and live streams wait', async () => {
    const { firstScreenRendering, watchFirstScreen, firstScreenPending, whenFirstScreenShown, apiJson, warmGet } =
      await load();
    const fetchMock = mockFetch({
      '/api/contacts': { body: [] },
      '/api/items/my': { body: [{ id: 'i1' }] },
      '/api/feedback': { status: 204 },
    });
    warmGet('/api/items/my');
    firstScreenRendering();
    expect(firstScreenPending()).toBe(true);
    const opened = vi.fn();
    whenFirstScreenShown(opened);
    const contacts = apiJson('GET', '/api/contacts');
    // The first page's own data was asked for before: taken over at once.
    expect(await apiJson('GET', '/api/items/my')).toEqual([{ id: 'i1' }]);
    await tick();
    const asked = () => fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked()).toEqual(['/api/items/my']);
    expect(opened).not.toHaveBeenCalled();
    // Writes never wait.
    expect(await apiJson('POST', '/api/feedback', { body: { text: 'hi' } })).toBeNull();
    expect(asked()).toEqual(['/api/items/my', '/api/feedback']);

    // The page is committed; jsdom reports no paints, so two animation frames later it counts as shown.
    watchFirstScreen();
    expect(await contacts).toEqual([]);
    expect(asked()).toEqual(['/api/items/my', '/api/feedback', '/api/contacts']);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(firstScreenPending()).toBe(false);
  });

  it('however the paint goes unnoticed, the waiting ends after two seconds', async () => {
    vi.useFakeTimers();
    const { firstScreenRendering, firstScreenPending, whenFirstScreenShown } = await load();
    firstScreenRendering();
    const opened = vi.fn();
    whenFirstScreenShown(opened);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(opened).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(firstScreenPending()).toBe(false);
  });
});
