import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { itemWaitlistUrl } from './get-item-waitlist';

/** DELETE /api/items/{id}/waitlist (issue 35): stop waiting for the item. */
export async function leaveItemWaitlist(itemId: string): Promise<void> {
  await apiRequest('DELETE', itemWaitlistUrl(itemId));
}

export function useLeaveItemWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveItemWaitlist,
    onSuccess: (_answer, itemId) => queryClient.invalidateQueries({ queryKey: [itemWaitlistUrl(itemId)] }),
  });
}
