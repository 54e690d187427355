import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordImages } from '../../testing/record-images';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ITEM_CARD_IMAGE_SIZES } from './card-picture';
import { ItemImage } from './components/item-image';
import { preloadItemImage, unvalidatedItemImage } from './preload-item-image';

const photo = (id: string) => ({ id, url: `/api/photos/${id}` });

describe('unvalidatedItemImage', () => {
  it('reads the picture a card shows from an answer not yet validated: first photo’s card copy, else the photo URL', () => {
    expect(unvalidatedItemImage({ photos: [photo('p1'), photo('p2')], imageUrl: 'https://x.example/a.jpg' })).toEqual({
      src: '/api/photos/p1?size=card',
      srcSet: '/api/photos/p1?size=card 800w, /api/photos/p1 1600w',
      sizes: ITEM_CARD_IMAGE_SIZES,
    });
    expect(unvalidatedItemImage({ photos: [], imageUrl: 'https://x.example/a.jpg' })).toEqual({
      src: 'https://x.example/a.jpg',
    });
    expect(unvalidatedItemImage({ photos: [], imageUrl: null })).toBeUndefined();
  });

  it('gives nothing for shapes it does not expect', () => {
    for (const value of [undefined, null, 'item', 7, [], { photos: 'p1' }, { photos: [{ url: 3 }] }])
      expect(unvalidatedItemImage(value)).toBeUndefined();
  });
});

describe('preloadItemImage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts the download with high priority and the card’s referrer policy, and nothing without a source', () => {
    const { created, assignments } = recordImages();
    preloadItemImage(undefined);
    preloadItemImage(null);
    expect(created).toHaveLength(0);
    preloadItemImage({ src: 'https://x.example/a.jpg' });
    expect(created).toEqual([{ fetchPriority: 'high', referrerPolicy: 'no-referrer', src: 'https://x.example/a.jpg' }]);
    expect(assignments).toEqual(['src']);
  });

  it('asks for the very picture the first card’s <img> asks for: same src, srcset and sizes', () => {
    const item = { photos: [photo('p1'), photo('p2')], imageUrl: null };
    const { created, assignments } = recordImages();
    preloadItemImage(unvalidatedItemImage(item));
    // The browser picks from srcset by sizes: both set before src, so the choice is made with them.
    expect(assignments).toEqual(['sizes', 'srcset', 'src']);

    renderWithProviders(createElement(ItemImage, { ...item, priority: true }));
    const image = screen.getByTestId('item-image');
    expect(created).toEqual([
      {
        fetchPriority: 'high',
        referrerPolicy: image.getAttribute('referrerpolicy'),
        src: image.getAttribute('src'),
        srcset: image.getAttribute('srcset'),
        sizes: image.getAttribute('sizes'),
      },
    ]);
    expect(image.getAttribute('src')).toBe('/api/photos/p1?size=card');
  });
});
