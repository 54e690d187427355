import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonThanks, ReceivedThanks, ThanksFormInput } from '@/contract/schemas/loan-condition';
import { apiAnswer, apiRequest } from '@/client/lib/api-client';
import { lendingRequestUrl } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

/*
 * Thanks, not scores (issue 36, docs/decisions/0048): one per loan and
 * person after the return; what a person was thanked for, shown to their
 * contacts; hiding one received.
 */

/** POST /api/lending-requests/{id}/thanks (204). */
export function sendThanks(loanId: string, body: ThanksFormInput) {
  return apiRequest('POST', `${lendingRequestUrl(loanId)}/thanks`, { body });
}

export const THANKS_RECEIVED_URL = '/api/thanks/received';
export const personThanksUrl = (userId: string) => `/api/users/${encodeURIComponent(userId)}/thanks`;

export function usePersonThanks(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: [personThanksUrl(userId)],
      queryFn: ({ signal }) => apiAnswer<PersonThanks>('GET', personThanksUrl(userId), { signal }),
    }),
  );
}

export function useReceivedThanks() {
  return useQuery(
    queryOptions({
      queryKey: [THANKS_RECEIVED_URL],
      queryFn: ({ signal }) => apiAnswer<ReceivedThanks>('GET', THANKS_RECEIVED_URL, { signal }),
    }),
  );
}

/** PUT /api/thanks/{id}/hidden: my received list and what others see of me change. */
export function useHideThanks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiRequest('PUT', `/api/thanks/${encodeURIComponent(id)}/hidden`, { body: { hidden } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [THANKS_RECEIVED_URL] }),
  });
}

/** Sending thanks refetches the loan (its thanks) and the lending lists, like any condition write. */
export function useSendThanks(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThanksFormInput) => sendThanks(loanId, body),
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
