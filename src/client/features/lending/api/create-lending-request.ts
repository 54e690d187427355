import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLendingRequestInput } from '@/contract/schemas/lending';
import { apiRequest } from '@/client/lib/api-client';
import { invalidateAfterLendingChange } from './invalidate-lending';
import { LENDING_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';

/**
 * POST /api/lending-requests (requester, spec §7). The requester is the
 * signed-in user and the owner follows from the item, so neither id is sent
 * (the contract makes both optional). The answer is not read: the sent
 * requests are refetched through the invalidation.
 */
export async function createLendingRequest(body: CreateLendingRequestInput): Promise<void> {
  await apiRequest('POST', LENDING_REQUESTS_URL, { body });
}

export function useCreateLendingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLendingRequest,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
