import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import type { PermissionChanges } from '../permission-diff';
import { invalidateItemQueries } from '@/client/lib/query-keys/item-query-keys';

export const CONTACT_PERMISSIONS_URL = '/api/permissions';
export const GROUP_PERMISSIONS_URL = '/api/group-permissions';

const contactPermissionUrl = (itemId: string, contactUserId: string) =>
  `${CONTACT_PERMISSIONS_URL}/${encodeURIComponent(itemId)}/${encodeURIComponent(contactUserId)}`;
const groupPermissionUrl = (itemId: string, groupId: string) =>
  `${GROUP_PERMISSIONS_URL}/${encodeURIComponent(itemId)}/${encodeURIComponent(groupId)}`;

export interface SavePermissionsVariables {
  itemId: string;
  contacts: PermissionChanges;
  groups: PermissionChanges;
}

/**
 * Spec §7: only the differences, all in parallel. Newly ticked: POST
 * /api/permissions or /api/group-permissions with canView true; unticked:
 * DELETE /api/permissions/{itemId}/{contactUserId} or
 * /api/group-permissions/{itemId}/{groupId}. Fails when any call fails.
 */
export async function savePermissions({ itemId, contacts, groups }: SavePermissionsVariables): Promise<void> {
  await Promise.all([
    ...contacts.grant.map((contactUserId) =>
      apiRequest('POST', CONTACT_PERMISSIONS_URL, { body: { itemId, contactUserId, canView: true } }),
    ),
    ...contacts.revoke.map((contactUserId) => apiRequest('DELETE', contactPermissionUrl(itemId, contactUserId))),
    ...groups.grant.map((groupId) =>
      apiRequest('POST', GROUP_PERMISSIONS_URL, { body: { itemId, groupId, canView: true } }),
    ),
    ...groups.revoke.map((groupId) => apiRequest('DELETE', groupPermissionUrl(itemId, groupId))),
  ]);
}

/**
 * Refetches after success and after failure alike: some of the parallel calls
 * may have gone through. The permission lists live under the item URLs, and
 * My Items shows how widely each item is shared.
 */
export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePermissions,
    onSettled: () => invalidateItemQueries(queryClient),
  });
}
