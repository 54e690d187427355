/**
 * A lending request's item and requester columns are nullable because a loan
 * outlives its item (history keeps `item_name`) and an owner may record a loan
 * for someone without an account (issue 19). A request that is still pending
 * or accepted always has both: delete-item removes open requests with their
 * item, and a CHECK requires a request's requester. These narrow the types
 * where a query's own filter guarantees that, failing loudly if it ever stops
 * being true instead of passing a NULL on.
 */
export interface WithParties {
  itemId: string;
  requesterId: string;
}

export function withParties<T extends { itemId: string | null; requesterId: string | null }>(
  row: T,
): Omit<T, 'itemId' | 'requesterId'> & WithParties {
  const { itemId, requesterId } = row;
  if (itemId === null || requesterId === null) {
    throw new Error('A lending request without its item or requester reached a step that needs both');
  }
  return { ...row, itemId, requesterId };
}
