import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnItem } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import type { ItemSaveBody } from './create-item';
import { invalidateItemQueries, itemUrl } from '@/client/lib/query-keys/item-query-keys';
import { invalidateLoanHistoryQueries } from '@/client/lib/query-keys/loan-query-keys';

export interface UpdateItemVariables {
  itemId: string;
  changes: ItemSaveBody;
}

/**
 * PUT /api/items/{id} (owner): the whole form. Status is sent too, unlike the
 * spec's original (§4), because the owner sets it in this dialog and the
 * server would otherwise reset it to its default.
 */
export async function updateItem({ itemId, changes }: UpdateItemVariables): Promise<OwnItem> {
  return apiAnswer<OwnItem>('PUT', itemUrl(itemId), { body: changes });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    // A renamed item: the contact histories and the counts show its name too (issue 19).
    onSuccess: () => Promise.all([invalidateItemQueries(queryClient), invalidateLoanHistoryQueries(queryClient)]),
  });
}
