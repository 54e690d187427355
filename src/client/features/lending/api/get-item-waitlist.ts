import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemWaitlist } from '@/contract/reservations';
import { apiAnswer } from '@/client/lib/api-client';
import { itemUrl } from '@/client/lib/query-keys/item-query-keys';

/** GET /api/items/{id}/waitlist (issue 35): my place on it; for the owner, who waits. Under the item's URL. */
export const itemWaitlistUrl = (itemId: string) => `${itemUrl(itemId)}/waitlist`;

export async function getItemWaitlist(itemId: string, signal?: AbortSignal): Promise<ItemWaitlist> {
  return apiAnswer<ItemWaitlist>('GET', itemWaitlistUrl(itemId), { signal });
}

export const itemWaitlistQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: [itemWaitlistUrl(itemId)],
    queryFn: ({ signal }) => getItemWaitlist(itemId, signal),
  });

export function useItemWaitlist(itemId: string) {
  return useQuery(itemWaitlistQueryOptions(itemId));
}
