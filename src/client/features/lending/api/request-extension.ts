import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestExtensionInput } from '@/contract/schemas/loans';
import { apiRequest } from '@/client/lib/api-client';
import { loanExtensionUrl } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

export interface RequestExtensionVariables {
  lendingRequestId: string;
  body: RequestExtensionInput;
}

/** POST /api/lending-requests/{id}/extension (borrower): ask to keep the item until a later date. */
export async function requestExtension({ lendingRequestId, body }: RequestExtensionVariables): Promise<void> {
  await apiRequest('POST', loanExtensionUrl(lendingRequestId), { body });
}

export function useRequestExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExtension,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
