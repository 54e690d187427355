import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetails } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { groupQueryOptions, groupUrl, invalidateGroupQueries } from './get-group';

export interface TransferAdminVariables {
  groupId: string;
  newAdminId: string;
}

/** PUT /api/groups/{id}/transfer-admin: the former admin becomes a regular member. */
export async function transferAdmin({ groupId, newAdminId }: TransferAdminVariables): Promise<GroupDetails> {
  return apiAnswer<GroupDetails>('PUT', `${groupUrl(groupId)}/transfer-admin`, { body: { newAdminId } });
}

export function useTransferAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferAdmin,
    onSuccess: (group, { groupId }) => {
      // The answer is the group as the (former) admin now sees it: show it at once, then refresh the rest.
      queryClient.setQueryData(groupQueryOptions(groupId).queryKey, group);
      return invalidateGroupQueries(queryClient);
    },
  });
}
