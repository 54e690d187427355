// The rule lives in the zod-free contract module, which the server's first-screen HTML uses too
// (it preloads the first card's picture, docs/decisions/0030); this runs in the entry chunk (ADR 0012).
export { cardPicture, ITEM_CARD_IMAGE_SIZES, type CardPicture } from '@/contract/items';
