import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateLendingRequestInput } from '@/contract/schemas/lending';
import { apiRequest } from '@/client/lib/api-client';
import { invalidateAfterLendingChange } from './invalidate-lending';
import { lendingRequestUrl } from '@/client/lib/query-keys/lending-query-keys';

export interface UpdateLendingRequestVariables {
  id: string;
  body: UpdateLendingRequestInput;
}

/**
 * PUT /api/lending-requests/{id} (owner): accept, decline, mark borrowed or
 * mark returned, with an optional response (spec §7). The server's state
 * machine refuses a step that does not follow from the current status (409).
 * The answer is not read: every screen refetches through the invalidation,
 * so a success never turns into a failure over a response detail.
 */
export async function updateLendingRequest(id: string, body: UpdateLendingRequestInput): Promise<void> {
  await apiRequest('PUT', lendingRequestUrl(id), { body });
}

export function useUpdateLendingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateLendingRequestVariables) => updateLendingRequest(id, body),
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
