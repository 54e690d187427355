import { cardPicture, type CardPicture } from './card-picture';

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The picture ItemImage shows for an item (first photo, else the photo URL),
 * read from an API answer that has not been validated yet. Only a download
 * hint: the list itself renders from the validated answer.
 */
export function unvalidatedItemImage(item: unknown): CardPicture | undefined {
  if (!isRecord(item)) return undefined;
  const [photo] = Array.isArray(item.photos) ? (item.photos as unknown[]) : [];
  const photoUrl = isRecord(photo) && typeof photo.url === 'string' ? photo.url : undefined;
  return cardPicture(photoUrl, typeof item.imageUrl === 'string' ? item.imageUrl : null) ?? undefined;
}
