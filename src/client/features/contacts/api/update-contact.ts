import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, UpdateContactInput } from '@/contract/schemas/contact';
import { apiAnswer } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';
import { invalidateLoanHistoryQueries } from '@/client/lib/query-keys/loan-query-keys';

export interface UpdateContactVariables {
  id: string;
  changes: UpdateContactInput;
}

/** PUT /api/contacts/{id}: display name, phone and optional email. */
export async function updateContact({ id, changes }: UpdateContactVariables): Promise<Contact> {
  return apiAnswer<Contact>('PUT', `${CONTACTS_URL}/${encodeURIComponent(id)}`, { body: changes });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    // A renamed contact: the item histories name the borrower too (issue 19).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
        invalidateLoanHistoryQueries(queryClient),
      ]),
  });
}
