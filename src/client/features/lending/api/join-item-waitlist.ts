import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistInput } from '@/contract/reservations';
import { apiRequest } from '@/client/lib/api-client';
import { itemWaitlistUrl } from './get-item-waitlist';

/** PUT /api/items/{id}/waitlist (issue 35): "tell me when it's free", for the days given or whenever it is back. */
export async function joinItemWaitlist({ itemId, days }: { itemId: string; days: JoinWaitlistInput }): Promise<void> {
  await apiRequest('PUT', itemWaitlistUrl(itemId), { body: days });
}

export function useJoinItemWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinItemWaitlist,
    onSuccess: (_answer, { itemId }) => queryClient.invalidateQueries({ queryKey: [itemWaitlistUrl(itemId)] }),
  });
}
