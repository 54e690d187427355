import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';

export const exportAccountUrl = (userId: string) => `/api/gdpr/export/${encodeURIComponent(userId)}`;

/**
 * POST /api/gdpr/export/{userId} (spec §7: "file blob"): everything stored
 * about the signed-in user as one JSON document. Kept as bytes: it is saved
 * to a file, not shown.
 */
export async function exportAccount(userId: string): Promise<Blob> {
  const response = await apiRequest('POST', exportAccountUrl(userId));
  return response.blob();
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}
