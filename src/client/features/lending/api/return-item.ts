import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { invalidateAfterLendingChange } from './invalidate-lending';
import { returnItemUrl } from '@/client/lib/query-keys/lending-query-keys';

/**
 * PUT /api/items/{id}/return (owner, spec §4/§7): the borrowed request
 * becomes returned, the item available again, and a system message tells
 * the borrower.
 */
export async function returnItem(itemId: string): Promise<void> {
  await apiRequest('PUT', returnItemUrl(itemId));
}

export function useReturnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnItem,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
