// From the zod-free module: this runs in the entry chunk, before any page (docs/decisions/0012).
import { photoSizeUrl } from '../../../contract/items';
import { LIMITS } from '../../../contract/limits';

/** What an item card's <img> loads: `src`, and for a stored photo the sizes the browser may choose from. */
export interface CardPicture {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * How wide a card's picture is drawn: the card fills its grid column
 * (ITEM_GRID_CLASSES: one column, two from `sm`, three from `lg`, 1rem gaps)
 * inside PageFrame (at most 72rem wide, 1rem padding on each side). A phone
 * of 412 CSS px draws it at 380 px.
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
