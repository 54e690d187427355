import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanHistoryEntry } from '@/contract/schemas/loan-history';
import { apiAnswer } from '@/client/lib/api-client';
import { itemLoansUrl } from '@/client/lib/query-keys/loan-query-keys';

/** GET /api/items/{id}/loans: the owner's history of one item, newest first (issue 19). */
export async function getItemLoans(itemId: string, signal?: AbortSignal): Promise<LoanHistoryEntry[]> {
  return apiAnswer<LoanHistoryEntry[]>('GET', itemLoansUrl(itemId), { signal });
}

export const itemLoansQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: [itemLoansUrl(itemId)],
    queryFn: ({ signal }) => getItemLoans(itemId, signal),
  });

export function useItemLoans(itemId: string) {
  return useQuery(itemLoansQueryOptions(itemId));
}
