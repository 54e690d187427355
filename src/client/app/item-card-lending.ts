import { HandOverAction, ReturnItemAction } from '../features/lending/components/owner-lending-actions';
import type { ItemCardLending } from '../features/items/components/item-card-lending';
import { OwnItemLoanMenu } from './item-loan-menu';
import { SharedItemActions } from './shared-item-actions';

/**
 * The lending feature's actions on the items feature's cards (spec §2), with
 * a Message link to the owner on shared items (shared-item-actions.tsx), and
 * the lending feature's loan menu on the owner's (issue 19), joined here
 * because features do not import each other. One constant, so the memoised
 * cards keep equal props.
 */
export const ITEM_CARD_LENDING: ItemCardLending = {
  RequestActions: SharedItemActions,
  HandOverAction,
  ReturnItemAction,
  LoanMenu: OwnItemLoanMenu,
};
