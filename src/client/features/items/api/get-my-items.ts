import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnItem } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { MY_ITEMS_URL } from '@/client/lib/query-keys/item-query-keys';

/** GET /api/items/my: every item of the signed-in user, with its sharing and request counts (spec §2 My Items). */
export async function getMyItems(signal?: AbortSignal): Promise<OwnItem[]> {
  return apiAnswer<OwnItem[]>('GET', MY_ITEMS_URL, { signal });
}

export const myItemsQueryOptions = () =>
  queryOptions({
    queryKey: [MY_ITEMS_URL],
    queryFn: ({ signal }) => getMyItems(signal),
  });

export function useMyItems() {
  return useQuery(myItemsQueryOptions());
}
