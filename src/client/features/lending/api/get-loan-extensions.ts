import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanExtension } from '@/contract/schemas/loans';
import { apiAnswer } from '@/client/lib/api-client';
import { LOAN_EXTENSIONS_URL } from '@/client/lib/query-keys/lending-query-keys';

/** GET /api/lending-requests/extensions: the open requests to extend the user's loans, asked by them or of them. */
export async function getLoanExtensions(signal?: AbortSignal): Promise<LoanExtension[]> {
  return apiAnswer<LoanExtension[]>('GET', LOAN_EXTENSIONS_URL, { signal });
}

/** One query for every card: live "request changed" events and lending mutations refresh it (its key is under the lending URL). */
export const loanExtensionsQueryOptions = () =>
  queryOptions({
    queryKey: [LOAN_EXTENSIONS_URL],
    queryFn: ({ signal }) => getLoanExtensions(signal),
  });

/** The open extension request of one loan, if any. */
export function usePendingExtension(lendingRequestId: string): LoanExtension | undefined {
  const { data } = useQuery(loanExtensionsQueryOptions());
  return data?.find((extension) => extension.lendingRequestId === lendingRequestId);
}
