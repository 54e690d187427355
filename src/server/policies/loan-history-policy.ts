import type { Actor } from './actor';
import type { ItemAccess } from './item-policy';

/**
 * Loan history (issue 19, docs/decisions/0028): who borrowed what is the
 * business of the two people of each loan only. An item's history is its
 * owner's (someone the item is shared with may read the item, not who had it:
 * callers check `item:read` with `hideAs404` first, so a viewer gets 403 and
 * a stranger 404). A contact's history is read through one's own address
 * book (`contact:read`), and the counts are one's own; nobody sees another
 * person's totals.
 */
export const loanHistoryRules = {
  'item:readLoans': (actor: Actor, item: ItemAccess) => actor.id === item.ownerId,
  'loanCounts:read': (actor: Actor, user: { id: string }) => actor.id === user.id,
};
