import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { groupSchema, type Group } from '../../../../contract/schemas/group';
import { apiJson } from '../../../lib/api-client';
import { userGroupsUrl } from './group-query-keys';

/** The shape of every group list the API answers with. */
export const groupListSchema = z.array(groupSchema);

/** GET /api/groups/user/{userId}: the groups the signed-in user is a member of. */
export async function getUserGroups(userId: string, signal?: AbortSignal): Promise<Group[]> {
  const body = await apiJson('GET', userGroupsUrl(userId), { signal });
  return groupListSchema.parse(body);
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
