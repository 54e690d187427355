import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactSchema, type Contact } from '../../../../contract/schemas/contact';
import { apiJson } from '../../../lib/api-client';

export const CONTACTS_URL = '/api/contacts';

const contactListSchema = z.array(contactSchema);

/** The signed-in user's contacts, sorted by name (GET /api/contacts). */
export async function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  const body = await apiJson('GET', CONTACTS_URL, { signal });
  return contactListSchema.parse(body);
}

export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: [CONTACTS_URL],
    queryFn: ({ signal }) => getContacts(signal),
  });

export function useContacts() {
  return useQuery(contactsQueryOptions());
}
