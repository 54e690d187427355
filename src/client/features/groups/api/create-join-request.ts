import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJoinRequestInput, JoinRequest } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { invalidateGroupQueries } from './get-group';
import { joinRequestsUrl } from './get-join-requests';

export interface CreateJoinRequestVariables {
  groupId: string;
  /** The optional message and the typed code (a private group needs it). */
  input: CreateJoinRequestInput;
}

/** POST /api/groups/{id}/join-requests: 409 group_already_member, group_request_pending or group_full. */
export async function createJoinRequest({ groupId, input }: CreateJoinRequestVariables): Promise<JoinRequest> {
  return apiAnswer<JoinRequest>('POST', joinRequestsUrl(groupId), { body: input });
}

export function useCreateJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJoinRequest,
    // The group now shows a pending request wherever it is listed.
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}
