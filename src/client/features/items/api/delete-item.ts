import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { invalidateItemQueries, itemUrl } from '@/client/lib/query-keys/item-query-keys';
import { invalidateLoanHistoryQueries } from '@/client/lib/query-keys/loan-query-keys';

/** DELETE /api/items/{id} (owner): 204; 409 item_lent_out while someone has borrowed it. */
export async function deleteItem(itemId: string): Promise<void> {
  await apiRequest('DELETE', itemUrl(itemId));
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    // The contact histories and the counts name the item too (issue 19).
    onSuccess: () => Promise.all([invalidateItemQueries(queryClient), invalidateLoanHistoryQueries(queryClient)]),
  });
}
