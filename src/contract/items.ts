/**
 * Item rules and photo addresses both sides use outside a schema. Free of zod
 * on purpose: the item cards (and the first page's picture preload in the
 * entry chunk) use them on the first load, where zod is not loaded
 * (docs/decisions/0012-client-trusts-answer-shapes.md). Import nothing here
 * that builds a schema.
 */

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
