import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedPerson } from '@/contract/schemas/blocks';
import { apiAnswer } from '@/client/lib/api-client';

export const BLOCKS_URL = '/api/blocks';

/** GET /api/blocks: the people the signed-in user blocked (docs/decisions/0018). */
export async function getBlockedPeople(signal?: AbortSignal): Promise<BlockedPerson[]> {
  return apiAnswer<BlockedPerson[]>('GET', BLOCKS_URL, { signal });
}

export const blockedPeopleQueryOptions = () =>
  queryOptions({
    queryKey: [BLOCKS_URL],
    queryFn: ({ signal }) => getBlockedPeople(signal),
  });

export function useBlockedPeople() {
  return useQuery(blockedPeopleQueryOptions());
}
