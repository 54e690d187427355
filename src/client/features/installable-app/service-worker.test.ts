import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * jsdom has no service workers, so workbox-window (the library between us
 * and the browser's ServiceWorkerContainer) is replaced by a recorder that
 * emits the events a real registration would. The browser test
 * (tests/e2e/pwa.spec.ts) covers the real worker.
 */
type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

const workboxes: FakeWorkbox[] = [];
const registration = { update: vi.fn(() => Promise.resolve()) };

class FakeWorkbox {
  readonly listeners = new Map<string, Listener[]>();
  readonly messageSkipWaiting = vi.fn();
  constructor(
    readonly url: string,
    readonly options: { scope: string },
  ) {
    workboxes.push(this);
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: { isUpdate?: boolean; isExternal?: boolean }): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  register = vi.fn(() => Promise.resolve(registration));
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

const reload = vi.fn();

beforeEach(() => {
  vi.resetModules();
  workboxes.length = 0;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
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

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole origin once', async () => {
    const { worker } = await load();
    await worker.registerServiceWorker();
    await worker.registerServiceWorker();
    expect(workboxes).toHaveLength(1);
    expect(workboxes[0]!.url).toBe('/sw.js');
    expect(workboxes[0]!.options).toEqual({ scope: '/' });
    expect(workboxes[0]!.register).toHaveBeenCalledOnce();
  });

  it('does nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const { worker } = await load();
    await worker.registerServiceWorker();
    expect(workboxes).toHaveLength(0);
  });

  it('a waiting version makes Reload skip waiting; taking control then reloads the page', async () => {
    const { worker, store } = await load();
    await worker.registerServiceWorker();
    const workbox = workboxes[0]!;
    workbox.emit('waiting', {});
    store.reloadToUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('the first worker taking an uncontrolled page does not reload it', async () => {
    const { worker } = await load();
    await worker.registerServiceWorker();
    workboxes[0]!.emit('installed', { isUpdate: false, isExternal: false });
    workboxes[0]!.emit('controlling', { isUpdate: false, isExternal: false });
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks for a new version every hour while online', async () => {
    vi.useFakeTimers();
    registration.update.mockClear();
    const { worker } = await load();
    await worker.registerServiceWorker();
    await vi.advanceTimersByTimeAsync(worker.UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledOnce();
  });
});
