import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ItemCategory } from '@/contract/enums';
import type { AvailableItemsPage, AvailableStatusFilter } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { AVAILABLE_ITEMS_URL } from '@/client/lib/query-keys/item-query-keys';

/** The filters of the Available Items page (spec §2); `q` is the trimmed search text, '' for none. */
export interface AvailableItemsFilters {
  q: string;
  category: ItemCategory | 'all';
  status: AvailableStatusFilter;
}

/** What the page asks for when it opens: no search, every category and status. */
export const UNFILTERED_AVAILABLE_ITEMS: AvailableItemsFilters = { q: '', category: 'all', status: 'all' };

/** The address of one page: filters that narrow nothing and the first page's cursor are left out. */
export function availableItemsUrl(filters: AvailableItemsFilters, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.q !== '') params.set('q', filters.q);
  if (filters.category !== 'all') params.set('category', filters.category);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (cursor !== null) params.set('cursor', cursor);
  const query = params.toString();
  return query === '' ? AVAILABLE_ITEMS_URL : `${AVAILABLE_ITEMS_URL}?${query}`;
}

/** GET /api/items/available: one page of the items others share with the signed-in user, newest first. */
export async function getAvailableItems(
  filters: AvailableItemsFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AvailableItemsPage> {
  return apiAnswer<AvailableItemsPage>('GET', availableItemsUrl(filters, cursor), { signal });
}

/**
 * Keyed by the URL and the filters, so each filter combination is its own
 * list; pages follow the server's opaque cursor. While a new filter loads, the
 * previous results stay on screen.
 */
export const availableItemsQueryOptions = (filters: AvailableItemsFilters) =>
  infiniteQueryOptions({
    queryKey: [AVAILABLE_ITEMS_URL, filters],
    queryFn: ({ pageParam, signal }) => getAvailableItems(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });

export function useAvailableItems(filters: AvailableItemsFilters) {
  return useInfiniteQuery(availableItemsQueryOptions(filters));
}
