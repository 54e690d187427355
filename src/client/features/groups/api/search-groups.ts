import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { SEARCH_GROUPS_URL } from './group-query-keys';

/** GET /api/groups/search?q=: public groups whose name or description matches, or with exactly this code. */
export async function searchGroups(query: string, signal?: AbortSignal): Promise<Group[]> {
  return apiAnswer<Group[]>('GET', `${SEARCH_GROUPS_URL}?${new URLSearchParams({ q: query }).toString()}`, {
    signal,
  });
}

export const searchGroupsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [SEARCH_GROUPS_URL, query],
    queryFn: ({ signal }) => searchGroups(query, signal),
    placeholderData: keepPreviousData,
  });

/** `query` is the valid, trimmed search text, or null while there is none (fewer than 3 characters). */
export function useSearchGroups(query: string | null) {
  return useQuery({ ...searchGroupsQueryOptions(query ?? ''), enabled: query !== null });
}
