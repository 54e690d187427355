/**
 * Starts downloading a card's picture ahead of rendering: the first card's
 * picture is usually a list page's largest paint. The card's <img> then finds
 * it loading already (same address and referrer policy as ItemImage).
 */
export function preloadItemImage(source: string | null | undefined): void {
  if (!source) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.referrerPolicy = 'no-referrer';
  image.src = source;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The picture ItemImage shows for an item (first photo, else the photo URL),
 * read from an API answer that has not been validated yet. Only a download
 * hint: the list itself renders from the validated answer.
 */
export function unvalidatedItemImage(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  const [photo] = Array.isArray(item.photos) ? (item.photos as unknown[]) : [];
  if (isRecord(photo) && typeof photo.url === 'string') return photo.url;
  return typeof item.imageUrl === 'string' ? item.imageUrl : undefined;
}
