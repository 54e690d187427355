import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@/contract/schemas/contact';
import { apiAnswer } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';

/** The signed-in user's contacts, sorted by name (GET /api/contacts). */
export async function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  return apiAnswer<Contact[]>('GET', CONTACTS_URL, { signal });
}

export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: [CONTACTS_URL],
    queryFn: ({ signal }) => getContacts(signal),
  });

export function useContacts() {
  return useQuery(contactsQueryOptions());
}
