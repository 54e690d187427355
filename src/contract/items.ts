/**
 * Item rules and photo addresses both sides use outside a schema. Free of zod
 * on purpose: the item cards (and the first page's picture preload in the
 * entry chunk) use them on the first load, where zod is not loaded
 * (docs/decisions/0012-client-trusts-answer-shapes.md). Import nothing here
 * that builds a schema.
 */
import { LIMITS } from './limits';

/**
 * The copies of a stored photo: `full` fits in LIMITS.photoStoredMaxPx, `card`
 * (what item cards show) in LIMITS.photoCardMaxPx. Without `size`, GET
 * /api/photos/{id} serves the full image.
 */
export const PHOTO_SIZES = ['card', 'full'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** A photo's address (`photo.url`, as the API sends it) for one of its sizes. */
export const photoSizeUrl = (url: string, size: PhotoSize) => (size === 'full' ? url : `${url}?size=${size}`);

/**
 * Spec §4: `personalUseUntil` is the "available again" date, so the item is
 * reserved (cannot be requested) while that date is still in the future.
 * `today` is `YYYY-MM-DD`.
 */
export function isReservedForPersonalUse(personalUseUntil: string | null, today: string): boolean {
  return personalUseUntil !== null && personalUseUntil > today;
}

/** What an item card's <img> loads: `src`, and for a stored photo the sizes the browser may choose from. */
export interface CardPicture {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * How wide a card's picture is drawn: the card fills its grid column
 * (client ITEM_GRID_CLASSES: one column, two from `sm`, three from `lg`, 1rem gaps)
 * inside PageFrame (at most 72rem wide, 1rem padding on each side). A phone
 * of 412 CSS px draws it at 380 px. Here rather than in the client because the
 * server's first-screen HTML preloads the same picture (src/server/http/first-screen-hints.ts).
 */
export const ITEM_CARD_IMAGE_SIZES = [
  '(min-width: 72rem) calc((72rem - 4rem) / 3)',
  '(min-width: 64rem) calc((100vw - 4rem) / 3)',
  '(min-width: 40rem) calc((100vw - 3rem) / 2)',
  'calc(100vw - 2rem)',
].join(', ');

/**
 * A card shows the first stored photo, else the photo URL (hosted elsewhere,
 * one size only), else nothing. A stored photo comes as its card copy, with
 * the full image offered to screens that need more pixels (a wide window, a
 * high-density screen). The `w` widths are each copy's upper bound: a
 * photo already card-sized is the same picture under both addresses.
 */
export function cardPicture(photoUrl: string | undefined, imageUrl: string | null | undefined): CardPicture | null {
  if (photoUrl !== undefined) {
    const card = photoSizeUrl(photoUrl, 'card');
    return {
      src: card,
      srcSet: `${card} ${LIMITS.photoCardMaxPx}w, ${photoUrl} ${LIMITS.photoStoredMaxPx}w`,
      sizes: ITEM_CARD_IMAGE_SIZES,
    };
  }
  return imageUrl ? { src: imageUrl } : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The picture a card shows for an item (first photo, else the photo URL),
 * read from an API answer that has not been validated. Only a download
 * hint: the list itself renders from the answer as the contract types it.
 */
export function unvalidatedItemImage(item: unknown): CardPicture | undefined {
  if (!isRecord(item)) return undefined;
  const [photo] = Array.isArray(item.photos) ? (item.photos as unknown[]) : [];
  const photoUrl = isRecord(photo) && typeof photo.url === 'string' ? photo.url : undefined;
  return cardPicture(photoUrl, typeof item.imageUrl === 'string' ? item.imageUrl : null) ?? undefined;
}
