import { queryOptions } from '@tanstack/react-query';
import type { Group } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { groupByCodeUrl } from './group-query-keys';

/** GET /api/groups/code/{code}: the group with this code, public or private; 404 not_found when none. */
export async function getGroupByCode(code: string, signal?: AbortSignal): Promise<Group> {
  return apiAnswer<Group>('GET', groupByCodeUrl(code), { signal });
}

export const groupByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: [groupByCodeUrl(code)],
    queryFn: ({ signal }) => getGroupByCode(code, signal),
    // Each lookup asks afresh: membership and pending-request flags change as requests are decided.
    staleTime: 0,
  });
