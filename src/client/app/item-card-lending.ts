import { HandOverAction, ReturnItemAction } from '../features/lending/components/owner-lending-actions';
import { RequestActions } from '../features/lending/components/request-actions';
import type { ItemCardLending } from '../features/items/components/item-card-lending';
import { OwnItemLoanMenu } from './item-loan-menu';

/**
 * The lending feature's actions on the items feature's cards (spec §2), and
 * the loan-history feature's menu on the owner's (issue 19), joined here
 * because features do not import each other. One constant, so the memoised
 * cards keep equal props.
 */
export const ITEM_CARD_LENDING: ItemCardLending = {
  RequestActions,
  HandOverAction,
  ReturnItemAction,
  LoanMenu: OwnItemLoanMenu,
};
