import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ownItemSchema, type OwnItem } from '../../../../contract/schemas/item';
import { apiJson } from '../../../lib/api-client';
import { MY_ITEMS_URL } from './item-query-keys';

const ownItemListSchema = z.array(ownItemSchema);

/** GET /api/items/my: every item of the signed-in user, with its sharing and request counts (spec §2 My Items). */
export async function getMyItems(signal?: AbortSignal): Promise<OwnItem[]> {
  const body = await apiJson('GET', MY_ITEMS_URL, { signal });
  return ownItemListSchema.parse(body);
}

export const myItemsQueryOptions = () =>
  queryOptions({
    queryKey: [MY_ITEMS_URL],
    queryFn: ({ signal }) => getMyItems(signal),
  });

export function useMyItems() {
  return useQuery(myItemsQueryOptions());
}
