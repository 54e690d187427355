import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { assignLocation } from '@/client/lib/full-page-navigation';

export const deleteAccountUrl = (userId: string) => `/api/gdpr/delete-account/${encodeURIComponent(userId)}`;

/** DELETE /api/gdpr/delete-account/{userId}: 204, the account is gone and its session with it. */
export async function deleteAccount(userId: string): Promise<void> {
  await apiRequest('DELETE', deleteAccountUrl(userId));
}

/**
 * On success nothing of the old account may stay on screen or in memory
 * (spec §4: "success goes to /"): the cache is emptied and the page loads
 * anew, so the app starts signed out rather than refetching as a user who
 * no longer exists.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      assignLocation('/');
    },
  });
}
