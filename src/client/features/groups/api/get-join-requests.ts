import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JoinRequest } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import { groupUrl } from './get-group';

export const joinRequestsUrl = (groupId: string) => `${groupUrl(groupId)}/join-requests`;

/** GET /api/groups/{id}/join-requests (admin only): the pending requests, oldest first. */
export async function getJoinRequests(groupId: string, signal?: AbortSignal): Promise<JoinRequest[]> {
  return apiAnswer<JoinRequest[]>('GET', joinRequestsUrl(groupId), { signal });
}

export const joinRequestsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [joinRequestsUrl(groupId)],
    queryFn: ({ signal }) => getJoinRequests(groupId, signal),
  });

/** Only the admin may ask; for anyone else the query stays idle. */
export function useJoinRequests(groupId: string, enabled: boolean) {
  return useQuery({ ...joinRequestsQueryOptions(groupId), enabled });
}
