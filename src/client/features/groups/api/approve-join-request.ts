import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { GROUPS_URL_PREFIX, invalidateGroupQueries } from './get-group';

export interface DecideJoinRequestVariables {
  /** The group the request belongs to; the URL does not name it, the cache does. */
  groupId: string;
  requestId: string;
  /** The admin's optional answer; empty means none. */
  adminResponse: string;
}

export const decideJoinRequestUrl = (requestId: string, decision: 'approve' | 'deny') =>
  `${GROUPS_URL_PREFIX}/join-requests/${encodeURIComponent(requestId)}/${decision}`;

/** PUT /api/groups/join-requests/{requestId}/approve: the requester becomes a member. */
export async function approveJoinRequest({
  requestId,
  adminResponse,
}: DecideJoinRequestVariables): Promise<JoinRequest> {
  return apiAnswer<JoinRequest>('PUT', decideJoinRequestUrl(requestId, 'approve'), { body: { adminResponse } });
}

/** Spec §4: approval refetches the group (a new member) and its requests. */
export function useApproveJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveJoinRequest,
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}
