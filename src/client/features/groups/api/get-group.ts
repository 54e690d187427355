import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { GroupDetails } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';

/** Every groups query (lists, search, details, join requests) has a URL under this prefix as its first key element. */
export const GROUPS_URL_PREFIX = '/api/groups';

export const groupUrl = (groupId: string) => `${GROUPS_URL_PREFIX}/${encodeURIComponent(groupId)}`;

function isGroupsKey(queryKey: QueryKey): boolean {
  const [first] = queryKey;
  return typeof first === 'string' && first.startsWith(GROUPS_URL_PREFIX);
}

function belongsToGroup(queryKey: QueryKey, groupId: string): boolean {
  const [first] = queryKey;
  const url = groupUrl(groupId);
  return typeof first === 'string' && (first === url || first.startsWith(`${url}/`));
}

/**
 * After a change to a group: refetch its details and join requests and the
 * user's group lists (whatever key shape the list queries use, as long as
 * their URL comes first).
 */
export function invalidateGroupQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isGroupsKey(query.queryKey) });
}

/**
 * After the viewer left or deleted a group: the page is going away, so the
 * group's own queries are only marked stale (refetching them now would flash
 * "not found"); the lists are refetched.
 */
export async function invalidateAfterLeaving(queryClient: QueryClient, groupId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => belongsToGroup(query.queryKey, groupId),
      refetchType: 'none',
    }),
    queryClient.invalidateQueries({
      predicate: (query) => isGroupsKey(query.queryKey) && !belongsToGroup(query.queryKey, groupId),
    }),
  ]);
}

/** GET /api/groups/{id}: the group with its members (members only for members); 404 when hidden or missing. */
export async function getGroup(groupId: string, signal?: AbortSignal): Promise<GroupDetails> {
  return apiAnswer<GroupDetails>('GET', groupUrl(groupId), { signal });
}

export const groupQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [groupUrl(groupId)],
    queryFn: ({ signal }) => getGroup(groupId, signal),
  });

export function useGroup(groupId: string) {
  return useQuery(groupQueryOptions(groupId));
}
