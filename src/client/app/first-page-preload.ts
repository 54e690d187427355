import type { QueryClient } from '@tanstack/react-query';
import { AVAILABLE_ITEMS_URL, MY_ITEMS_URL } from '../lib/query-keys/item-query-keys';
import type { CardPicture } from '../features/items/card-picture';
import { preloadItemImage, unvalidatedItemImage } from '../features/items/preload-item-image';
import { bannerStateQueryOptions } from '../features/feedback/api/get-banner-state';
import { warmGet } from '../lib/api-client';
import { preloadableLazy } from './preloadable-lazy';

/**
 * The pages a visitor usually arrives on. The route tables render their
 * `Component`s; `preloadFirstPage` loads their chunks before the first render.
 */
export const signedInApp = preloadableLazy(
  () => import('./signed-in-app'),
  (m) => m.SignedInApp,
);
export const landingPage = preloadableLazy(
  () => import('./routes/landing'),
  (m) => m.LandingPage,
);
export const myItemsPage = preloadableLazy(
  () => import('./routes/my-items'),
  (m) => m.MyItemsPage,
);
export const availableItemsPage = preloadableLazy(
  () => import('./routes/available-items'),
  (m) => m.AvailableItemsPage,
);

/** A page module may start its first request before it renders. */
interface PrefetchingPage {
  prefetch?: (queryClient: QueryClient) => void;
}

interface FirstPage {
  load: () => Promise<PrefetchingPage>;
  /** The request the page's first screen waits for, sent along with the session check's answer. */
  firstRequest: string;
  /** The picture of the first card in that request's answer (the page's largest paint), as the card asks for it. */
  firstPicture: (body: unknown) => CardPicture | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const SIGNED_IN_PAGES: Record<string, FirstPage> = {
  '/': {
    load: myItemsPage.load,
    firstRequest: MY_ITEMS_URL,
    firstPicture: (items) => unvalidatedItemImage(Array.isArray(items) ? (items as unknown[])[0] : undefined),
  },
  '/available-items': {
    load: availableItemsPage.load,
    // The unfiltered first page (UNFILTERED_AVAILABLE_ITEMS) has no query string.
    firstRequest: AVAILABLE_ITEMS_URL,
    firstPicture: (page) =>
      unvalidatedItemImage(isRecord(page) && Array.isArray(page.items) ? (page.items as unknown[])[0] : undefined),
  },
};

/** Signed-out paths that show their own page rather than the landing page (signed-out-routes.tsx). */
const SIGNED_OUT_OWN_PAGES = ['/invite', '/auth-debug', '/groups', '/gdpr'];

/**
 * Loads what the first screen needs as soon as the session check has
 * answered, all at once: for a signed-in visitor the signed-in app, the page
 * at this address and its data (the request goes out at once; the page's
 * query takes the answer over when its code is here); for a signed-out one
 * the landing page. Resolves when the code is
 * here, never rejects: a failed download shows where the page renders.
 * Without this, each step waited for the one before to render: translations,
 * then the app chunk, then the page chunk, then the page's request, one
 * network round trip after another on a slow phone connection.
 */
export async function preloadFirstPage(path: string, signedIn: boolean, queryClient: QueryClient): Promise<void> {
  const loads: Promise<unknown>[] = [];
  if (!signedIn) {
    if (!SIGNED_OUT_OWN_PAGES.some((own) => path === own || path.startsWith(`${own}/`))) loads.push(landingPage.load());
  } else {
    loads.push(signedInApp.load());
    // The feedback banner pushes the whole layout down 72 px: known before the first render, it is
    // there from the start instead of shifting the page when its answer comes (CLS 0.09 on My Items).
    // prefetchQuery never rejects; a failed answer leaves the banner away, as before.
    loads.push(queryClient.prefetchQuery(bannerStateQueryOptions()));
    const page = SIGNED_IN_PAGES[path];
    if (page) {
      // Does nothing when the server sent the answer with the HTML (main.tsx, primeServerAnswers), which
      // then also preloads its picture.
      warmGet(page.firstRequest, (body) => preloadItemImage(page.firstPicture(body)));
      loads.push(page.load().then((module) => module.prefetch?.(queryClient)));
    }
  }
  await Promise.allSettled(loads);
}
