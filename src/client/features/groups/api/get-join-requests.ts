import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { joinRequestSchema, type JoinRequest } from '../../../../contract/schemas/group';
import { apiJson } from '../../../lib/api-client';
import { groupUrl } from './get-group';

export const joinRequestsUrl = (groupId: string) => `${groupUrl(groupId)}/join-requests`;

const joinRequestListSchema = z.array(joinRequestSchema);

/** GET /api/groups/{id}/join-requests (admin only): the pending requests, oldest first. */
export async function getJoinRequests(groupId: string, signal?: AbortSignal): Promise<JoinRequest[]> {
  const body = await apiJson('GET', joinRequestsUrl(groupId), { signal });
  return joinRequestListSchema.parse(body);
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
