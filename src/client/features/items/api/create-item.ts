import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemFormInput, OwnItem } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { ITEMS_URL_PREFIX, invalidateItemQueries } from '@/client/lib/query-keys/item-query-keys';

/**
 * The body of POST and PUT /api/items: the item form's input shape (empty
 * texts rather than null), photos as ordered ids of uploaded photos.
 */
export type ItemSaveBody = Required<Omit<ItemFormInput, 'userId'>>;

/** POST /api/items: the signed-in user becomes the owner. */
export async function createItem(body: ItemSaveBody): Promise<OwnItem> {
  return apiAnswer<OwnItem>('POST', ITEMS_URL_PREFIX, { body });
}

/** Afterwards My Items (counts, list) and every other item query are refetched. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
