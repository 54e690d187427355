import type { Actor } from './actor';
import { lendingRules, type LendingRequestAccess } from './lending-policy';

/**
 * What a rule needs to know about an item. `visibleToActor` comes from the
 * visibility rule in SQL (src/server/items/item-visibility.ts), so lists and
 * single reads cannot disagree.
 */
export interface ItemAccess {
  ownerId: string;
  visibleToActor: boolean;
}

const isOwner = (actor: Actor, item: ItemAccess) => item.ownerId === actor.id;

/**
 * Spec §6 "Item owner": only the owner edits, deletes and decides who may see
 * the item; others read it only through a share that still holds. Callers
 * answer 404 rather than 403 to anyone who may not read it, so an unshared
 * item's existence does not leak.
 */
export const itemRules = {
  'item:read': (actor: Actor, item: ItemAccess) => isOwner(actor, item) || item.visibleToActor,
  'item:update': isOwner,
  'item:delete': isOwner,
  'item:share': isOwner,
  /** Writing down a loan of the item made outside the app (issue 19): only its owner lends it. */
  'item:recordLoan': isOwner,
  /** Why and by whom an item's days are held (issue 35): its owner; everyone else sees only "busy". */
  'item:readBookings': isOwner,
  /** "Tell me when it's free" (issue 35): anyone it is shared with, not its owner. */
  'item:joinWaitlist': (actor: Actor, item: ItemAccess) => !isOwner(actor, item) && item.visibleToActor,
  /** Who waits for an item: its owner. */
  'item:readWaitlist': isOwner,
};

/**
 * A stored photo: its uploader sees it until it is saved; then, on an item, whoever may read the
 * item; on a loan's condition entry or problem report (issue 36), the loan's two people only.
 */
export interface PhotoAccess {
  uploaderId: string;
  item: ItemAccess | null;
  loan: LendingRequestAccess | null;
}

export const photoRules = {
  'photo:read': (actor: Actor, photo: PhotoAccess) => {
    if (photo.item) return itemRules['item:read'](actor, photo.item);
    if (photo.loan) return lendingRules['lendingRequest:read'](actor, photo.loan);
    return photo.uploaderId === actor.id;
  },
};
