import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupInput, Group } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { invalidateGroupQueries } from './get-group';
import { GROUPS_URL } from './group-query-keys';

/** POST /api/groups: the creator becomes its admin; the answer carries the new group's code. */
export async function createGroup(input: CreateGroupInput): Promise<Group> {
  return apiAnswer<Group>('POST', GROUPS_URL, { body: input });
}

/** Spec §2: afterwards the user's groups and the discoverable groups are refetched. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => invalidateGroupQueries(queryClient),
  });
}
