import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { groupPermissionSchema, type GroupPermission } from '../../../../contract/schemas/item';
import { apiJson } from '../../../lib/api-client';
import { groupPermissionsUrl } from './item-query-keys';

const groupPermissionListSchema = z.array(groupPermissionSchema);

/** GET /api/items/{id}/group-permissions (owner): the owner's groups with their "Can see" choice. */
export async function getGroupPermissions(itemId: string, signal?: AbortSignal): Promise<GroupPermission[]> {
  const body = await apiJson('GET', groupPermissionsUrl(itemId), { signal });
  return groupPermissionListSchema.parse(body);
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
