import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownItemSchema, type ItemFormInput, type OwnItem } from '../../../../contract/schemas/item';
import { apiJson } from '../../../lib/api-client';
import { ITEMS_URL_PREFIX, invalidateItemQueries } from './item-query-keys';

/**
 * The body of POST and PUT /api/items: the item form's input shape (empty
 * texts rather than null), photos as ordered ids of uploaded photos.
 */
export type ItemSaveBody = Required<Omit<ItemFormInput, 'userId'>>;

/** POST /api/items: the signed-in user becomes the owner. */
export async function createItem(body: ItemSaveBody): Promise<OwnItem> {
  const answer = await apiJson('POST', ITEMS_URL_PREFIX, { body });
  return ownItemSchema.parse(answer);
}

/** Afterwards My Items (counts, list) and every other item query are refetched. */
export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => invalidateItemQueries(queryClient),
  });
}
