import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { lendingRequestUrl } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

/**
 * POST /api/lending-requests/{id}/keep (the owner, issue 35): an accepted
 * reservation not handed over yet is kept past its pick-up grace instead of
 * being released. 204; the owner's lists are refetched.
 */
export async function keepReservation(id: string): Promise<void> {
  await apiRequest('POST', `${lendingRequestUrl(id)}/keep`);
}

export function useKeepReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepReservation,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
