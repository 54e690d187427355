import { act, renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@/contract/limits';
import { useCurrentToast } from '../../components/ui/toast-store';
import { mockFetch, type MockResponse } from '../../testing/mock-fetch';
import { PROCESS_REFERRAL_URL } from './api/process-referral';
import { REFERRAL_STORAGE_KEY } from './referral-storage';
import { useProcessReferral } from './use-process-referral';

/*
 * The server is outside this test's walls: fetch is stubbed with the answers
 * the contract promises. The hook keeps a per-page-load memory of posted
 * values in module scope, so every test stores its own referral value.
 */

let counter = 0;
function storeFreshReferral(): string {
  counter += 1;
  const value = `ref-token-${counter}`;
  sessionStorage.setItem(REFERRAL_STORAGE_KEY, value);
  return value;
}

function answer(response: MockResponse) {
  return mockFetch({ [PROCESS_REFERRAL_URL]: response });
}

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

function setup() {
  vi.useFakeTimers();
  const reload = vi.fn();
  const toast = renderHook(() => useCurrentToast());
  const hook = renderHook(() => useProcessReferral({ reload }), { wrapper: strict });
  return { reload, toast, hook };
}

/** Lets the stubbed fetch and the promise chain behind it settle without moving the clock. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useProcessReferral (spec §4 Referral)', () => {
  it('posts the stored referral 1 s after mount, not before', async () => {
    const value = storeFreshReferral();
    const fetchMock = answer({ body: { inviterName: 'Bea Berger', linked: true } });
    setup();

    await advance(TIMINGS.referralDelayMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();

    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(PROCESS_REFERRAL_URL);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ referralData: value });
  });

  it('on success clears the referral, toasts and reloads 2 s later', async () => {
    storeFreshReferral();
    answer({ body: { inviterName: 'Bea Berger', linked: true } });
    const { reload, toast } = setup();

    await advance(TIMINGS.referralDelayMs);
    await settle();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    expect(toast.result.current?.title).toBe("You're now connected with Bea Berger");
    expect(toast.result.current?.variant).toBeUndefined();

    await advance(TIMINGS.referralReloadMs - 1);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('when the referral had already been processed, clears it and toasts but does not reload', async () => {
    storeFreshReferral();
    answer({ body: { inviterName: 'Bea Berger', linked: false } });
    const { reload, toast } = setup();

    await advance(TIMINGS.referralDelayMs);
    await settle();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    expect(toast.result.current?.title).toBe("You're already connected with Bea Berger");

    await advance(TIMINGS.referralReloadMs * 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it.each<[string, MockResponse]>([
    [
      'an invalid link',
      {
        status: 400,
        body: { error: { code: 'invite_link_invalid', messageKey: 'errors.invite_link_invalid', message: 'x' } },
      },
    ],
    ['a server error', { status: 500, body: { error: { code: 'server_error', messageKey: 'errors.server_error' } } }],
    // No "answer of the wrong shape" case: the client trusts a 200's shape
    // (docs/decisions/0012); the route's response schema and
    // src/server/referral/routes.test.ts hold the answer to { inviterName, linked }.
  ])('on %s clears the referral silently: logged, no toast, no reload', async (_label, response) => {
    storeFreshReferral();
    answer(response);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { reload, toast } = setup();

    await advance(TIMINGS.referralDelayMs);
    await settle();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(toast.result.current).toBeNull();

    await advance(TIMINGS.referralReloadMs * 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('on a network failure clears the referral silently', async () => {
    storeFreshReferral();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { toast } = setup();

    await advance(TIMINGS.referralDelayMs);
    await settle();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(toast.result.current).toBeNull();
  });

  it('posts at most once per value: StrictMode, re-renders and a remount while the post is in flight', async () => {
    storeFreshReferral();
    let release: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockFetch({
      [PROCESS_REFERRAL_URL]: async () => {
        await inFlight;
        return { body: { inviterName: 'Bea Berger', linked: true } };
      },
    });
    const { hook, reload } = setup();
    hook.rerender();
    hook.rerender();

    await advance(TIMINGS.referralDelayMs);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // The signed-in app mounts again while the first post is still under way.
    hook.unmount();
    const again = renderHook(() => useProcessReferral({ reload }), { wrapper: strict });
    await advance(TIMINGS.referralDelayMs * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    release();
    await settle();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
    again.unmount();
  });

  it('does nothing without a stored referral', async () => {
    const fetchMock = answer({ body: { inviterName: 'Bea Berger', linked: true } });
    const { toast } = setup();
    await advance(TIMINGS.referralDelayMs * 3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toast.result.current).toBeNull();
  });

  it('does not post when the signed-in app is gone within the first second', async () => {
    storeFreshReferral();
    const fetchMock = answer({ body: { inviterName: 'Bea Berger', linked: true } });
    const { hook } = setup();
    await advance(TIMINGS.referralDelayMs - 1);
    hook.unmount();
    await advance(TIMINGS.referralDelayMs);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
