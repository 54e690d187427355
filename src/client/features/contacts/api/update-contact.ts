import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact, type UpdateContactInput } from '../../../../contract/schemas/contact';
import { apiJson } from '../../../lib/api-client';
import { CONTACTS_URL } from './get-contacts';

export interface UpdateContactVariables {
  id: string;
  changes: UpdateContactInput;
}

/** PUT /api/contacts/{id}: display name, phone and optional email. */
export async function updateContact({ id, changes }: UpdateContactVariables): Promise<Contact> {
  const body = await apiJson('PUT', `${CONTACTS_URL}/${encodeURIComponent(id)}`, { body: changes });
  return contactSchema.parse(body);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
  });
}
