import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_ITEMS_URL } from '../features/items/api/item-query-keys';
import { makeOwnItem } from '../features/items/testing/make-item';
import { createQueryClient } from '../lib/query-client';
import { mockFetch } from '../testing/mock-fetch';
import { preloadFirstPage } from './first-page-preload';

/** The pictures requested through `Image`: the address, and the srcset the browser may choose from instead. */
function recordImages() {
  const sources: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto';
      referrerPolicy = '';
      sizes = '';
      srcset = '';
      set src(value: string) {
        sources.push(this.srcset ? `${value} | ${this.srcset}` : value);
      }
    },
  );
  return sources;
}

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
    const pictures = recordImages();
    const queryClient = createQueryClient();

    await preloadFirstPage('/', true, queryClient);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData([MY_ITEMS_URL])).toEqual(items);
    });
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([MY_ITEMS_URL]);
    // The first card's card copy (or the full image where the screen needs it), as the card asks for it.
    expect(pictures).toEqual(['/api/photos/p1?size=card | /api/photos/p1?size=card 800w, /api/photos/p1 1600w']);
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
