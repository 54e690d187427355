import type { QueryClient } from '@tanstack/react-query';
import { invalidateByPrefix } from '../invalidate-by-prefix';

/**
 * URLs of the item endpoints. Every item query's key starts with its URL (the
 * house pattern), all under ITEMS_URL_PREFIX, so `invalidateItemQueries`
 * refreshes My Items, Available Items (every filter and page) and single items.
 */
export const ITEMS_URL_PREFIX = '/api/items';
export const MY_ITEMS_URL = `${ITEMS_URL_PREFIX}/my`;
export const AVAILABLE_ITEMS_URL = `${ITEMS_URL_PREFIX}/available`;
export const itemUrl = (itemId: string) => `${ITEMS_URL_PREFIX}/${encodeURIComponent(itemId)}`;
export const contactPermissionsUrl = (itemId: string) => `${itemUrl(itemId)}/permissions`;
export const groupPermissionsUrl = (itemId: string) => `${itemUrl(itemId)}/group-permissions`;
export const PHOTOS_URL = '/api/photos';

/** After any item change: every query whose key starts with an item URL. */
export function invalidateItemQueries(queryClient: QueryClient) {
  return invalidateByPrefix(queryClient, ITEMS_URL_PREFIX);
}
