import { ACTIVE_REQUEST_STATUSES } from '@/contract/enums';
import type { SharedItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';

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

/** Which of two held requests an owner's card shows: the one out now, else the next promise. */
function shownFirst(a: LendingRequest, b: LendingRequest): LendingRequest {
  if (a.status === 'borrowed' || b.status === 'borrowed') return a.status === 'borrowed' ? a : b;
  return (a.requestedFrom ?? '') <= (b.requestedFrom ?? '') ? a : b;
}

/**
 * Per own item, the request its card shows as promised (accepted) or lent
 * out (borrowed). An item may be promised for several periods that do not
 * overlap (docs/decisions/0047): the card shows the loan that is out, else
 * the earliest promise; the item's calendar lists them all.
 */
export function ownerActiveRequestByItem(requests: readonly LendingRequest[]): Map<string, LendingRequest> {
  const byItem = new Map<string, LendingRequest>();
  for (const request of requests) {
    if (request.status !== 'accepted' && request.status !== 'borrowed') continue;
    const current = byItem.get(request.itemId);
    byItem.set(request.itemId, current ? shownFirst(current, request) : request);
  }
  return byItem;
}

/**
 * Why an item may not be asked for at all (translation key), for a user
 * without an active request for it; undefined when it may. Only an item the
 * owner keeps in use: one that is out, promised or reserved for the owner
 * can be asked for later days (docs/decisions/0047), which the calendar in
 * the borrow dialog shows. The network request's suggestions have their own,
 * stricter rule (free now).
 */
export function unavailableReasonKey(item: SharedItem): string | undefined {
  if (item.status === 'in_use') return 'lending.card.unavailableInUse';
  return undefined;
}
