import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinRequestSchema, type JoinRequest } from '../../../../contract/schemas/group';
import { apiJson } from '../../../lib/api-client';
import { decideJoinRequestUrl, type DecideJoinRequestVariables } from './approve-join-request';
import { joinRequestsUrl } from './get-join-requests';

/** PUT /api/groups/join-requests/{requestId}/deny. */
export async function denyJoinRequest({ requestId, adminResponse }: DecideJoinRequestVariables): Promise<JoinRequest> {
  const body = await apiJson('PUT', decideJoinRequestUrl(requestId, 'deny'), { body: { adminResponse } });
  return joinRequestSchema.parse(body);
}

/** Spec §4: denial only refetches the requests; the group itself is unchanged. */
export function useDenyJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: denyJoinRequest,
    onSuccess: (_data, { groupId }) => queryClient.invalidateQueries({ queryKey: [joinRequestsUrl(groupId)] }),
  });
}
