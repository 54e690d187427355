import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch';
import { assignLocation } from '../full-page-navigation';
import { PUSH_SUBSCRIPTIONS_URL, SIGN_OUT_UNSUBSCRIBE_MS } from '../push-unsubscribe';
import { SIGN_OUT_PATH, signOut } from './sign-out';

// jsdom cannot navigate: the navigation is recorded instead.
vi.mock('../full-page-navigation', () => ({ assignLocation: vi.fn() }));

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';

/** What happened, in order: the server's DELETE, the browser's unsubscribe, the navigation. */
let steps: string[];

/** jsdom has no service workers: this browser's registration, with `subscription` (or none). */
function serviceWorkerWith(getSubscription: () => Promise<PushSubscription | null>) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription } }) },
  });
}

function subscription(): PushSubscription {
  return {
    endpoint: ENDPOINT,
    unsubscribe: vi.fn(async () => {
      steps.push('unsubscribe');
      return true;
    }),
  } as unknown as PushSubscription;
}

function pushServer(status: number) {
  return mockFetch({
    [PUSH_SUBSCRIPTIONS_URL]: ({ init }) => {
      steps.push(`${init?.method} ${String(init?.body)}`);
      return { status };
    },
  });
}

beforeEach(() => {
  steps = [];
  vi.mocked(assignLocation).mockImplementation((url) => {
    steps.push(`navigate ${url}`);
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.mocked(assignLocation).mockReset();
  vi.useRealTimers();
});

describe('signOut', () => {
  it('removes this browser’s push subscription on the server and in the browser, then signs out', async () => {
    pushServer(204);
    const current = subscription();
    serviceWorkerWith(async () => current);
    await signOut();
    expect(steps).toEqual([
      `DELETE ${JSON.stringify({ endpoint: ENDPOINT })}`,
      'unsubscribe',
      `navigate ${SIGN_OUT_PATH}`,
    ]);
  });

  it('still unsubscribes the browser and signs out when the server refuses the DELETE', async () => {
    pushServer(500);
    serviceWorkerWith(async () => subscription());
    await signOut();
    expect(steps.slice(1)).toEqual(['unsubscribe', `navigate ${SIGN_OUT_PATH}`]);
  });

  it('signs out at once without a subscription or without service workers', async () => {
    const fetchMock = pushServer(204);
    serviceWorkerWith(async () => null);
    await signOut();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await signOut();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(steps).toEqual([`navigate ${SIGN_OUT_PATH}`, `navigate ${SIGN_OUT_PATH}`]);
  });

  it('does not hang when the push service never answers: it signs out after a short wait', async () => {
    vi.useFakeTimers();
    serviceWorkerWith(() => new Promise<PushSubscription | null>(() => {}));
    const done = signOut();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_UNSUBSCRIBE_MS - 1);
    expect(steps).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(steps).toEqual([`navigate ${SIGN_OUT_PATH}`]);
  });
});
