import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { userGroupsUrl } from './group-query-keys';

/** GET /api/groups/user/{userId}: the groups the signed-in user is a member of. */
export async function getUserGroups(userId: string, signal?: AbortSignal): Promise<Group[]> {
  return apiAnswer<Group[]>('GET', userGroupsUrl(userId), { signal });
}

export const userGroupsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [userGroupsUrl(userId)],
    queryFn: ({ signal }) => getUserGroups(userId, signal),
  });

/** Idle until the signed-in user's id is known. */
export function useUserGroups(userId: string | undefined) {
  return useQuery({ ...userGroupsQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
