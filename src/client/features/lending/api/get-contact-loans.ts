import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactLoanHistory } from '@/contract/schemas/loan-history';
import { apiAnswer } from '@/client/lib/api-client';
import { contactLoansUrl } from '@/client/lib/query-keys/loan-query-keys';

/** GET /api/contacts/{id}/loans: what I lent this contact and borrowed from them, with the two counts. */
export async function getContactLoans(contactId: string, signal?: AbortSignal): Promise<ContactLoanHistory> {
  return apiAnswer<ContactLoanHistory>('GET', contactLoansUrl(contactId), { signal });
}

export const contactLoansQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: [contactLoansUrl(contactId)],
    queryFn: ({ signal }) => getContactLoans(contactId, signal),
  });

export function useContactLoans(contactId: string) {
  return useQuery(contactLoansQueryOptions(contactId));
}
