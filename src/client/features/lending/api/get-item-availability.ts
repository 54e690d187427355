import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemAvailability } from '@/contract/reservations';
import { apiAnswer } from '@/client/lib/api-client';
import { itemUrl } from '@/client/lib/query-keys/item-query-keys';

/**
 * GET /api/items/{id}/availability (issue 35): the busy days of one item
 * from `from` to `until`. Under the item's URL, so every lending step and
 * item change refreshes it (invalidateItemQueries).
 */
export const itemAvailabilityUrl = (itemId: string) => `${itemUrl(itemId)}/availability`;

export async function getItemAvailability(
  itemId: string,
  window: { from: string; until: string },
  signal?: AbortSignal,
): Promise<ItemAvailability> {
  const query = new URLSearchParams(window).toString();
  return apiAnswer<ItemAvailability>('GET', `${itemAvailabilityUrl(itemId)}?${query}`, { signal });
}

export const itemAvailabilityQueryOptions = (itemId: string, window: { from: string; until: string }) =>
  queryOptions({
    queryKey: [itemAvailabilityUrl(itemId), window.from, window.until],
    queryFn: ({ signal }) => getItemAvailability(itemId, window, signal),
    // Paging to the next month keeps this month's days on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useItemAvailability(itemId: string, window: { from: string; until: string }) {
  return useQuery(itemAvailabilityQueryOptions(itemId, window));
}
