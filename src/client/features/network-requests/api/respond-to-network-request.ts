import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { networkRequestResponseSchema, RespondToNetworkRequestInput } from '@/contract/schemas/network-request';
import { apiAnswer } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';
import { invalidateItemQueries } from '@/client/lib/query-keys/item-query-keys';
import { invalidateConversationQueries } from '@/client/lib/query-keys/invalidate-conversations';
import { respondToNetworkRequestUrl } from '@/client/lib/query-keys/message-query-keys';

export type NetworkRequestResponse = z.infer<typeof networkRequestResponseSchema>;

/** The responder is the signed-in user (from the session), so `responderId` is not sent. */
export type RespondToNetworkRequestBody = Omit<RespondToNetworkRequestInput, 'responderId'>;

export interface RespondToNetworkRequestVariables {
  /** The network_request message being answered. */
  messageId: string;
  body: RespondToNetworkRequestBody;
}

/**
 * POST /api/network-requests/{messageId}/respond. With add_to_items the
 * server creates the item (category other, available), shares it with the
 * requester and tells them (docs/decisions/0010).
 */
export async function respondToNetworkRequest({
  messageId,
  body,
}: RespondToNetworkRequestVariables): Promise<NetworkRequestResponse> {
  return apiAnswer<NetworkRequestResponse>('POST', respondToNetworkRequestUrl(messageId), { body });
}

/**
 * Afterwards: the thread (the request shows as answered, the requester's
 * notice appears), My Items (the new item) and contacts (the requester may
 * have been added).
 */
export function useRespondToNetworkRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToNetworkRequest,
    onSuccess: () =>
      Promise.all([
        invalidateConversationQueries(queryClient),
        invalidateItemQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
      ]),
  });
}
