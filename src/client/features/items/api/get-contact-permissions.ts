import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactPermission } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { contactPermissionsUrl } from '@/client/lib/query-keys/item-query-keys';

/** GET /api/items/{id}/permissions (owner): every registered contact with its "Can see" choice. */
export async function getContactPermissions(itemId: string, signal?: AbortSignal): Promise<ContactPermission[]> {
  return apiAnswer<ContactPermission[]>('GET', contactPermissionsUrl(itemId), { signal });
}

export const contactPermissionsQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: [contactPermissionsUrl(itemId)],
    queryFn: ({ signal }) => getContactPermissions(itemId, signal),
    // Dropped once the dialog closes, so each opening shows the current contacts and groups.
    gcTime: 0,
  });

export function useContactPermissions(itemId: string) {
  return useQuery(contactPermissionsQueryOptions(itemId));
}
