import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * jsdom has no service workers, so the browser's ServiceWorkerContainer and
 * its registration are replaced by recorders that emit the events a real
 * registration would. The browser test (tests/e2e/pwa.spec.ts) covers the
 * real worker.
 */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  /** Moves the worker to a state, as the browser does: the registration's slot first, then the event. */
  become(state: ServiceWorkerState, registration: FakeRegistration): void {
    this.state = state;
    if (state === 'installed') {
      registration.installing = null;
      registration.waiting = this;
    }
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve());
  /** A new worker starts installing (a changed sw.js, or another tab registering one). */
  startInstalling(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registration = new FakeRegistration();
  readonly register = vi.fn((_url: string, _options: { scope: string }) => Promise.resolve(this.registration));
  /** A worker takes control of the page. */
  takeControl(): void {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

let container: FakeContainer;
const reload = vi.fn();

beforeEach(() => {
  vi.resetModules();
  container = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  vi.useRealTimers();
  reload.mockReset();
});

/** A fresh copy of the modules per test: registration happens once per page. */
async function load() {
  return { worker: await import('./service-worker'), store: await import('./update-store') };
}

/** Whether the update prompt would show (the store's state, read as the prompt reads it). */
async function promptShown(store: Awaited<ReturnType<typeof load>>['store']): Promise<boolean> {
  const { renderHook } = await import('@testing-library/react');
  return renderHook(() => store.useUpdateWaiting()).result.current;
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole origin once', async () => {
    const { worker } = await load();
    await worker.registerServiceWorker();
    await worker.registerServiceWorker();
    expect(container.register).toHaveBeenCalledOnce();
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const { worker } = await load();
    await expect(worker.registerServiceWorker()).resolves.toBeUndefined();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('a version installed while a worker controls the page waits: Reload skips waiting, taking control then reloads', async () => {
    container.controller = {};
    const { worker, store } = await load();
    await worker.registerServiceWorker();
    expect(await promptShown(store)).toBe(false);
    const next = container.registration.startInstalling();
    next.become('installed', container.registration);
    expect(await promptShown(store)).toBe(true);
    store.reloadToUpdate();
    expect(next.postMessage).toHaveBeenCalledOnce();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.takeControl();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a version already waiting when the page loads shows the prompt at once', async () => {
    container.controller = {};
    const waiting = new FakeWorker();
    container.registration.waiting = waiting;
    const { worker, store } = await load();
    await worker.registerServiceWorker();
    expect(await promptShown(store)).toBe(true);
    store.reloadToUpdate();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('the first worker of an uncontrolled page neither prompts nor reloads it when it takes control', async () => {
    const { worker, store } = await load();
    await worker.registerServiceWorker();
    const first = container.registration.startInstalling();
    first.become('installed', container.registration);
    expect(await promptShown(store)).toBe(false);
    container.takeControl();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a refused registration leaves the app running without a worker', async () => {
    container.register.mockImplementationOnce(() => Promise.reject(new Error('SecurityError')));
    const { worker } = await load();
    await expect(worker.registerServiceWorker()).resolves.toBeUndefined();
  });

  it('asks for a new version every hour while online', async () => {
    vi.useFakeTimers();
    const { worker } = await load();
    await worker.registerServiceWorker();
    await vi.advanceTimersByTimeAsync(worker.UPDATE_CHECK_INTERVAL_MS);
    expect(container.registration.update).toHaveBeenCalledOnce();
  });
});
