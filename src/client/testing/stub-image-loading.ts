import { vi } from 'vitest';

/**
 * jsdom loads no images. The Avatar decides with a detached `Image` whether
 * a photo loaded before it shows it; this stand-in records each such image
 * and lets a test say whether it loaded (`load()`) or failed (`fail()`).
 * The setup file restores the real `Image` after each test (unstubAllGlobals).
 */
export function stubImageLoading() {
  class StubImage extends EventTarget {
    src = '';
    complete = false;
    naturalWidth = 0;
    referrerPolicy = '';
    crossOrigin: string | null = null;
    constructor() {
      super();
      images.push(this);
    }
    load() {
      this.complete = true;
      this.naturalWidth = 320;
      this.dispatchEvent(new Event('load'));
    }
    fail() {
      this.dispatchEvent(new Event('error'));
    }
  }
  const images: StubImage[] = [];
  vi.stubGlobal('Image', StubImage);
  return images;
}
