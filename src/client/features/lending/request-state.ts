import { ACTIVE_REQUEST_STATUSES } from '@/contract/enums';
import { isReservedForPersonalUse } from '@/contract/items';
import type { SharedItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';
import { localIsoDate } from '../../lib/local-date';

const ACTIVE: readonly string[] = ACTIVE_REQUEST_STATUSES;

export function isActiveRequest(request: LendingRequest): boolean {
  return ACTIVE.includes(request.status);
}

/** Newest first by requestedAt (ISO strings of one format sort as text). */
const newer = (a: LendingRequest, b: LendingRequest) => (a.requestedAt >= b.requestedAt ? a : b);

/**
 * The request a requester's item card shows (spec §2), per item: the active
 * one (pending, accepted or borrowed; the server keeps at most one per item
 * and requester) or, without one, the newest, so a decline can be mentioned.
 */
export function sentRequestByItem(requests: readonly LendingRequest[]): Map<string, LendingRequest> {
  const byItem = new Map<string, LendingRequest>();
  for (const request of requests) {
    const current = byItem.get(request.itemId);
    if (!current) {
      byItem.set(request.itemId, request);
    } else if (isActiveRequest(request) !== isActiveRequest(current)) {
      if (isActiveRequest(request)) byItem.set(request.itemId, request);
    } else {
      byItem.set(request.itemId, newer(current, request));
    }
  }
  return byItem;
}

/**
 * Per own item, the request it is promised (accepted) or lent out (borrowed)
 * under; the database allows at most one such request per item.
 */
export function ownerActiveRequestByItem(requests: readonly LendingRequest[]): Map<string, LendingRequest> {
  const byItem = new Map<string, LendingRequest>();
  for (const request of requests) {
    if (request.status === 'accepted' || request.status === 'borrowed') byItem.set(request.itemId, request);
  }
  return byItem;
}

/**
 * Why an item may not be asked for right now (translation key), for a user
 * without an active request for it; undefined when it may. The card's
 * Request and the network request's suggestions say the same.
 */
export function unavailableReasonKey(item: SharedItem): string | undefined {
  if (item.status === 'borrowed') return 'lending.card.unavailableBorrowed';
  if (item.status === 'in_use') return 'lending.card.unavailableInUse';
  if (item.promised) return 'lending.card.unavailablePromised';
  if (isReservedForPersonalUse(item.personalUseUntil, localIsoDate())) return 'lending.card.unavailableReserved';
  return undefined;
}
