import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { groupUrl, invalidateAfterLeaving, invalidateGroupQueries } from './get-group';

export interface RemoveMemberVariables {
  groupId: string;
  /** Another member (the admin removes them) or the viewer's own id (leaving). */
  userId: string;
}

/** DELETE /api/groups/{id}/members/{userId}. */
export async function removeMember({ groupId, userId }: RemoveMemberVariables): Promise<void> {
  await apiRequest('DELETE', `${groupUrl(groupId)}/members/${encodeURIComponent(userId)}`);
}

/** The admin removes another member; the group and the lists are refetched. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}

/** A member leaves (their own id); the page goes away, so only the lists are refetched now. */
export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_data, { groupId }) => invalidateAfterLeaving(queryClient, groupId),
  });
}
