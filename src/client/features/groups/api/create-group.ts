import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupSchema, type CreateGroupInput, type Group } from '../../../../contract/schemas/group';
import { apiJson } from '../../../lib/api-client';
import { invalidateGroupQueries } from './get-group';
import { GROUPS_URL } from './group-query-keys';

/** POST /api/groups: the creator becomes its admin; the answer carries the new group's code. */
export async function createGroup(input: CreateGroupInput): Promise<Group> {
  const body = await apiJson('POST', GROUPS_URL, { body: input });
  return groupSchema.parse(body);
}

/** Spec §2: afterwards the user's groups and the discoverable groups are refetched. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}
