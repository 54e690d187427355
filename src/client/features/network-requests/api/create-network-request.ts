import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NetworkRequestCreated, NetworkRequestFormInput } from '@/contract/schemas/network-request';
import { apiAnswer } from '@/client/lib/api-client';
import { invalidateConversationQueries } from '@/client/lib/query-keys/invalidate-conversations';
import { NETWORK_REQUESTS_URL } from '@/client/lib/query-keys/message-query-keys';

/** The body as the contract reads it: the requester comes from the session, an absent category means any. */
export type CreateNetworkRequestBody = Omit<NetworkRequestFormInput, 'requesterId'>;

/**
 * POST /api/network-requests: sends a network_request message to everyone
 * in the requester's network; the answer says how many people it reached.
 */
export async function createNetworkRequest(body: CreateNetworkRequestBody): Promise<NetworkRequestCreated> {
  return apiAnswer<NetworkRequestCreated>('POST', NETWORK_REQUESTS_URL, { body });
}

/** Spec §7: afterwards the conversations are refreshed (a thread per person reached). */
export function useCreateNetworkRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNetworkRequest,
    onSuccess: () => invalidateConversationQueries(queryClient),
  });
}
