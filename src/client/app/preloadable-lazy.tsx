import { lazy, useState, type ComponentType } from 'react';

export interface PreloadableLazy<M, P extends object> {
  /** Renders the component: at once when its chunk is already here, through React.lazy otherwise. */
  Component: ComponentType<P>;
  /** Downloads the chunk (once; later calls share the download) and resolves with its module. */
  load: () => Promise<M>;
}

/**
 * React.lazy with a head start. `load()` fetches the chunk ahead of
 * rendering (app/first-page-preload.ts); a component whose chunk has arrived
 * then renders directly. React.lazy alone suspends on its first render even
 * when the chunk is already there, which shows the Suspense fallback and
 * holds the content back: React reveals suspended content at most every
 * 300 ms, and a page behind two lazy boundaries waited for both.
 */
export function preloadableLazy<M, P extends object>(
  loadModule: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): PreloadableLazy<M, P> {
  let loaded: ComponentType<P> | undefined;
  const load = async () => {
    const module = await loadModule();
    loaded ??= pick(module);
    return module;
  };
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  function Component(props: P) {
    // Chosen once per mount: swapping the lazy wrapper for the loaded
    // component on a later render would remount the page and lose its state.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, load };
}
