import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { groupUrl, invalidateAfterLeaving } from './get-group';

/** DELETE /api/groups/{id} (admin): the group, its memberships, requests and item shares go. */
export async function deleteGroup(groupId: string): Promise<void> {
  await apiRequest('DELETE', groupUrl(groupId));
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, groupId) => invalidateAfterLeaving(queryClient, groupId),
  });
}
