import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupPermission } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { groupPermissionsUrl } from '@/client/lib/query-keys/item-query-keys';

/** GET /api/items/{id}/group-permissions (owner): the owner's groups with their "Can see" choice. */
export async function getGroupPermissions(itemId: string, signal?: AbortSignal): Promise<GroupPermission[]> {
  return apiAnswer<GroupPermission[]>('GET', groupPermissionsUrl(itemId), { signal });
}

export const groupPermissionsQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: [groupPermissionsUrl(itemId)],
    queryFn: ({ signal }) => getGroupPermissions(itemId, signal),
    // Dropped once the dialog closes, so each opening shows the current contacts and groups.
    gcTime: 0,
  });

export function useGroupPermissions(itemId: string) {
  return useQuery(groupPermissionsQueryOptions(itemId));
}
