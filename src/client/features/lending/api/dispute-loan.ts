import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LendingRequest } from '@/contract/schemas/lending';
import { apiAnswer } from '@/client/lib/api-client';
import { disputeLoanUrl } from '@/client/lib/query-keys/loan-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

/**
 * POST /api/lending-requests/{id}/dispute (the borrower of a recorded loan,
 * issue 19): "That's not right" ends it as disputed and tells the owner.
 */
export async function disputeLoan(id: string): Promise<LendingRequest> {
  return apiAnswer<LendingRequest>('POST', disputeLoanUrl(id));
}

export function useDisputeLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disputeLoan,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
