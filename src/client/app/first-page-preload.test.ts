import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_ITEMS_URL } from '../lib/query-keys/item-query-keys';
import { ITEM_CARD_IMAGE_SIZES } from '../features/items/card-picture';
import { makeOwnItem } from '../testing/make-item';
import { createQueryClient } from '../lib/query-client';
import { mockFetch } from '../testing/mock-fetch';
import { recordImages } from '../testing/record-images';
import { BANNER_STATE_URL } from '../features/feedback/api/get-banner-state';
import { primeGet } from '../lib/api-client';
import { preloadFirstPage } from './first-page-preload';

describe('preloadFirstPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signed in on My Items: one request for the list, its first picture, the page’s query filled from it, and the banner state', async () => {
    const items = [
      makeOwnItem({ photos: [{ id: 'p1', url: '/api/photos/p1' }] }),
      makeOwnItem({ photos: [{ id: 'p2', url: '/api/photos/p2' }] }),
    ];
    const fetchMock = mockFetch({ [MY_ITEMS_URL]: { body: items }, [BANNER_STATE_URL]: { body: { show: true } } });
    const { created, assignments } = recordImages();
    const queryClient = createQueryClient();

    await preloadFirstPage('/', true, queryClient);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData([MY_ITEMS_URL])).toEqual(items);
    });
    expect(fetchMock.mock.calls.map(([input]) => input).sort()).toEqual([BANNER_STATE_URL, MY_ITEMS_URL].sort());
    // The feedback banner's answer is there before the first render, so the banner does not push the page down later.
    expect(queryClient.getQueryData([BANNER_STATE_URL])).toEqual({ show: true });
    // The first card's card copy (or the full image where the screen needs it), as the card asks for it.
    expect(created).toEqual([
      {
        fetchPriority: 'high',
        referrerPolicy: 'no-referrer',
        sizes: ITEM_CARD_IMAGE_SIZES,
        srcset: '/api/photos/p1?size=card 800w, /api/photos/p1 1600w',
        src: '/api/photos/p1?size=card',
      },
    ]);
    // sizes and srcset before src, or the browser may pick its address without them.
    expect(assignments).toEqual(['sizes', 'srcset', 'src']);
  });

  it('signed in on My Items with the list sent in the HTML: takes it over instead of asking', async () => {
    const items = [makeOwnItem({ photos: [{ id: 'p1', url: '/api/photos/p1' }] })];
    // What main.tsx does with the server's answers block (lib/server-answers.ts).
    primeGet(MY_ITEMS_URL, items);
    const fetchMock = mockFetch({ [BANNER_STATE_URL]: { body: { show: false } } });
    const { created } = recordImages();
    const queryClient = createQueryClient();

    await preloadFirstPage('/', true, queryClient);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData([MY_ITEMS_URL])).toEqual(items);
    });
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([BANNER_STATE_URL]);
    // The HTML preloads the picture itself.
    expect(created).toEqual([]);
  });

  it('signed out: sends no request (the landing page needs none)', async () => {
    const fetchMock = mockFetch({});
    await preloadFirstPage('/', false, createQueryClient());
    await preloadFirstPage('/invite', false, createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a page without a preload entry only loads the signed-in app and the banner state', async () => {
    const fetchMock = mockFetch({ [BANNER_STATE_URL]: { body: { show: false } } });
    await preloadFirstPage('/contacts', true, createQueryClient());
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([BANNER_STATE_URL]);
  });
});
