import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupSchema, type Group, type UpdateGroupInput } from '../../../../contract/schemas/group';
import { apiJson } from '../../../lib/api-client';
import { groupUrl, invalidateGroupQueries } from './get-group';

export interface UpdateGroupVariables {
  groupId: string;
  changes: UpdateGroupInput;
}

/** PUT /api/groups/{id} (admin): name, description, location, isPrivate, maxMembers. */
export async function updateGroup({ groupId, changes }: UpdateGroupVariables): Promise<Group> {
  const body = await apiJson('PUT', groupUrl(groupId), { body: changes });
  return groupSchema.parse(body);
}

/** Spec §7: refreshes the group, the user's groups and the discoverable groups. */
export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}
