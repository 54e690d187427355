import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { invalidateAfterLendingChange } from './invalidate-lending';
import { lendingRequestUrl } from '@/client/lib/query-keys/lending-query-keys';

/** DELETE /api/lending-requests/{id} (requester, pending only; else 409 request_withdraw_not_allowed). */
export async function withdrawLendingRequest(id: string): Promise<void> {
  await apiRequest('DELETE', lendingRequestUrl(id));
}

export function useWithdrawLendingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawLendingRequest,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
