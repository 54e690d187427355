import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { decideJoinRequestUrl, type DecideJoinRequestVariables } from './approve-join-request';
import { joinRequestsUrl } from './get-join-requests';

/** PUT /api/groups/join-requests/{requestId}/deny. */
export async function denyJoinRequest({ requestId, adminResponse }: DecideJoinRequestVariables): Promise<JoinRequest> {
  return apiAnswer<JoinRequest>('PUT', decideJoinRequestUrl(requestId, 'deny'), { body: { adminResponse } });
}

/** Spec §4: denial only refetches the requests; the group itself is unchanged. */
export function useDenyJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: denyJoinRequest,
    onSuccess: (_data, { groupId }) => queryClient.invalidateQueries({ queryKey: [joinRequestsUrl(groupId)] }),
  });
}
