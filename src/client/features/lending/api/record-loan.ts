import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordLoanInput } from '@/contract/schemas/loan-history';
import { apiAnswer } from '@/client/lib/api-client';
import { invalidateByPrefix } from '@/client/lib/invalidate-by-prefix';
import { invalidateItemQueries } from '@/client/lib/query-keys/item-query-keys';
import { LENDING_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateLoanHistoryQueries, itemLoansUrl } from '@/client/lib/query-keys/loan-query-keys';
import { CONVERSATIONS_URL_PREFIX, MESSAGES_URL } from '@/client/lib/query-keys/message-query-keys';

export interface RecordLoanVariables {
  itemId: string;
  body: RecordLoanInput;
}

/** POST /api/items/{id}/loans (owner, issue 19): a loan that happened outside the app; answers 201 {id}. */
export async function recordLoan({ itemId, body }: RecordLoanVariables): Promise<{ id: string }> {
  return apiAnswer<{ id: string }>('POST', itemLoansUrl(itemId), { body });
}

/**
 * Afterwards: the items (the card shows it borrowed), the lending lists (a
 * registered borrower's loan is one), the conversations (the borrower is
 * told with a system message) and every history list and count.
 */
export function useRecordLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordLoan,
    onSuccess: () =>
      Promise.all([
        invalidateItemQueries(queryClient),
        invalidateByPrefix(queryClient, LENDING_REQUESTS_URL, CONVERSATIONS_URL_PREFIX, MESSAGES_URL),
        invalidateLoanHistoryQueries(queryClient),
      ]),
  });
}
