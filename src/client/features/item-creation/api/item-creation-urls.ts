import type { QueryClient } from '@tanstack/react-query';
import { invalidateByPrefix } from '@/client/lib/invalidate-by-prefix';

/**
 * URLs of the two creation endpoints. They live under /api/items, so the
 * refresh after a creation invalidates every item query (My Items and its
 * counts, Available Items) by that prefix, as the items feature does; the
 * feature does not import the items feature's keys (features stay apart).
 */
export const ITEMS_URL_PREFIX = '/api/items';
export const ANALYZE_AND_CREATE_URL = `${ITEMS_URL_PREFIX}/analyze-and-create`;
export const FROM_BARCODE_URL = `${ITEMS_URL_PREFIX}/from-barcode`;

export function refreshItemQueries(queryClient: QueryClient) {
  return invalidateByPrefix(queryClient, ITEMS_URL_PREFIX);
}
