import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';

export interface DeleteContactVariables {
  /** The signed-in user's id (spec §7: DELETE /api/contacts/{userId}/{contactId}). */
  userId: string;
  contactId: string;
}

export async function deleteContact({ userId, contactId }: DeleteContactVariables): Promise<void> {
  await apiRequest('DELETE', `${CONTACTS_URL}/${encodeURIComponent(userId)}/${encodeURIComponent(contactId)}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
  });
}
