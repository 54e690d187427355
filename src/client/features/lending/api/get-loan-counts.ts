import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanCounts } from '@/contract/schemas/loan-history';
import { apiAnswer } from '@/client/lib/api-client';
import { LOAN_COUNTS_URL } from '@/client/lib/query-keys/loan-query-keys';

/** GET /api/user/loan-counts: "lent 12 · borrowed 5" on one's own profile (disputed loans not counted). */
export async function getLoanCounts(signal?: AbortSignal): Promise<LoanCounts> {
  return apiAnswer<LoanCounts>('GET', LOAN_COUNTS_URL, { signal });
}

export const loanCountsQueryOptions = () =>
  queryOptions({
    queryKey: [LOAN_COUNTS_URL],
    queryFn: ({ signal }) => getLoanCounts(signal),
  });

export function useLoanCounts() {
  return useQuery(loanCountsQueryOptions());
}
