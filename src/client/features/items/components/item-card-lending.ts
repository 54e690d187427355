import type { ComponentType } from 'react';
import type { OwnItem, SharedItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';

/**
 * The lending feature's parts of the item cards (spec §2: Request and the
 * user's request's status; Mark as borrowed; Return Item). The pages pass
 * them in (app/item-card-lending.ts), because features do not import each
 * other. Components rather than elements, so the memoised cards keep equal
 * props between renders.
 */
export interface ItemCardLending {
  RequestActions: ComponentType<{
    item: SharedItem;
    request: LendingRequest | undefined;
    onRequest: ((item: SharedItem) => void) | undefined;
  }>;
  HandOverAction: ComponentType<{ request: LendingRequest }>;
  ReturnItemAction: ComponentType<{ item: OwnItem; request: LendingRequest | undefined }>;
  /** The owner's loan menu (issue 19: record a loan, lending history), from the lending feature. */
  LoanMenu?: ComponentType<{ item: OwnItem }>;
}
