import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Group, UpdateGroupInput } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { groupUrl, invalidateGroupQueries } from './get-group';

export interface UpdateGroupVariables {
  groupId: string;
  changes: UpdateGroupInput;
}

/** PUT /api/groups/{id} (admin): name, description, location, isPrivate, maxMembers. */
export async function updateGroup({ groupId, changes }: UpdateGroupVariables): Promise<Group> {
  return apiAnswer<Group>('PUT', groupUrl(groupId), { body: changes });
}

/** Spec §7: refreshes the group, the user's groups and the discoverable groups. */
export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}
