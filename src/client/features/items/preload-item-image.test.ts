import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadItemImage, unvalidatedItemImage } from './preload-item-image';

describe('unvalidatedItemImage', () => {
  it('reads the picture a card shows from an answer not yet validated: first photo, else the photo URL', () => {
    const photo = (id: string) => ({ id, url: `/api/photos/${id}` });
    expect(unvalidatedItemImage({ photos: [photo('p1'), photo('p2')], imageUrl: 'https://x.example/a.jpg' })).toBe(
      '/api/photos/p1',
    );
    expect(unvalidatedItemImage({ photos: [], imageUrl: 'https://x.example/a.jpg' })).toBe('https://x.example/a.jpg');
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
    const created: { src: string; fetchPriority: string; referrerPolicy: string }[] = [];
    vi.stubGlobal(
      'Image',
      class {
        src = '';
        fetchPriority = 'auto';
        referrerPolicy = '';
        constructor() {
          created.push(this);
        }
      },
    );
    preloadItemImage(undefined);
    preloadItemImage(null);
    expect(created).toHaveLength(0);
    preloadItemImage('/api/photos/p1');
    expect(created).toEqual([{ src: '/api/photos/p1', fetchPriority: 'high', referrerPolicy: 'no-referrer' }]);
  });
});
