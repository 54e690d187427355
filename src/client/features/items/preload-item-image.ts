import type { CardPicture } from './card-picture';

/**
 * Starts downloading a card's picture ahead of rendering: the first card's
 * picture is usually a list page's largest paint. The card's <img> then finds
 * it loading already: same srcset and sizes, so the browser picks the same
 * address, and the same referrer policy as ItemImage.
 */
export function preloadItemImage(picture: CardPicture | null | undefined): void {
  if (!picture) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.referrerPolicy = 'no-referrer';
  // Before `src`, so the choice is made with them (the browser waits for the end of this task anyway).
  if (picture.sizes) image.sizes = picture.sizes;
  if (picture.srcSet) image.srcset = picture.srcSet;
  image.src = picture.src;
}

// Read from the contract module: the server picks the same picture for its HTML preload.
export { unvalidatedItemImage } from '@/contract/items';
