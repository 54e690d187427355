import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@/contract/limits';
import type { AvailableItemsPage } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { AVAILABLE_ITEMS_URL } from '@/client/lib/query-keys/item-query-keys';

/** The network request dialog shows at most this many items the user could ask for directly. */
export const SUGGESTION_LIMIT = 5;
/** The search needs a word of two characters (ADR 0027); shorter text suggests nothing. */
export const SUGGESTION_MIN_LENGTH = 2;

/** Whether a typed title is worth a search: two characters at least, and no longer than the search allows. */
export function isSuggestionText(text: string): boolean {
  return text.length >= SUGGESTION_MIN_LENGTH && text.length <= LIMITS.nameMax;
}

/**
 * GET /api/items/available?q=…&limit=5: "Already in your network" (issue
 * 19 part 3), the same search as Available Items (ADR 0027), so only items
 * the user may already see, best match first. The items feature's fetcher
 * is not imported (features do not import each other): this asks the same
 * endpoint for one short page.
 */
export async function getItemSuggestions(text: string, signal?: AbortSignal): Promise<AvailableItemsPage> {
  const params = new URLSearchParams({ q: text, limit: String(SUGGESTION_LIMIT) });
  return apiAnswer<AvailableItemsPage>('GET', `${AVAILABLE_ITEMS_URL}?${params.toString()}`, { signal });
}

/**
 * Keyed under Available Items' URL, so whatever refreshes the items (a new
 * share, a borrow) refreshes the suggestions too. While a new text loads,
 * the previous suggestions stay on screen.
 */
export const itemSuggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [AVAILABLE_ITEMS_URL, 'suggestions', text],
    queryFn: ({ signal }) => getItemSuggestions(text, signal),
    enabled: isSuggestionText(text),
    placeholderData: keepPreviousData,
    // A failed suggestion is no error to show: the request can be sent anyway.
    retry: false,
  });

export function useItemSuggestions(text: string) {
  return useQuery(itemSuggestionsQueryOptions(text));
}
