import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../../../contract/schemas/group';
import { apiJson } from '../../../lib/api-client';
import { SEARCH_GROUPS_URL } from './group-query-keys';
import { groupListSchema } from './get-user-groups';

/** GET /api/groups/search?q=: public groups whose name or description matches, or with exactly this code. */
export async function searchGroups(query: string, signal?: AbortSignal): Promise<Group[]> {
  const body = await apiJson('GET', `${SEARCH_GROUPS_URL}?${new URLSearchParams({ q: query }).toString()}`, {
    signal,
  });
  return groupListSchema.parse(body);
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
