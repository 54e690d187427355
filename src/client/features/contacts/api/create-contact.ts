import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, CreateContactInput } from '@/contract/schemas/contact';
import { apiAnswer } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';

/**
 * POST /api/contacts: the add form's fields, or a registered user by id. The
 * answer says whether the person is registered (status active) or not (pending).
 */
export async function createContact(input: CreateContactInput): Promise<Contact> {
  return apiAnswer<Contact>('POST', CONTACTS_URL, { body: input });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
  });
}
