import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_ITEMS_URL } from '../lib/query-keys/item-query-keys';
import { ITEM_CARD_IMAGE_SIZES } from '../features/items/card-picture';
import { makeOwnItem } from '../testing/make-item';
import { createQueryClient } from '../lib/query-client';
import { mockFetch } from '../testing/mock-fetch';
import { recordImages } from '../testing/record-images';
import { preloadFirstPage } from './first-page-preload';

describe('preloadFirstPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signed in on My Items: one request for the list, its first picture and the page’s query filled from it', async () => {
    const items = [
      makeOwnItem({ photos: [{ id: 'p1', url: '/api/photos/p1' }] }),
      makeOwnItem({ photos: [{ id: 'p2', url: '/api/photos/p2' }] }),
    ];
    const fetchMock = mockFetch({ [MY_ITEMS_URL]: { body: items } });
    const { created, assignments } = recordImages();
    const queryClient = createQueryClient();

    await preloadFirstPage('/', true, queryClient);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData([MY_ITEMS_URL])).toEqual(items);
    });
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([MY_ITEMS_URL]);
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

  it('signed out: sends no request (the landing page needs none)', async () => {
    const fetchMock = mockFetch({});
    await preloadFirstPage('/', false, createQueryClient());
    await preloadFirstPage('/invite', false, createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a page without a preload entry only loads the signed-in app', async () => {
    const fetchMock = mockFetch({});
    await preloadFirstPage('/contacts', true, createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
