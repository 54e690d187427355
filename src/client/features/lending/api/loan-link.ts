import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestExtensionInput } from '@/contract/schemas/loans';
import type { BorrowerLoan, LoanLinkState, MadeLoanLink } from '@/contract/schemas/loan-link';
import { apiAnswer, apiRequest } from '@/client/lib/api-client';
import { lendingRequestUrl } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

/*
 * Private loan links (issue 36, docs/decisions/0049): the owner's side
 * (signed in, under the loan's URL so lending refreshes reach it) and the
 * holder's side (no sign-in, under the link).
 */

export const borrowerLinkUrl = (loanId: string) => `${lendingRequestUrl(loanId)}/borrower-link`;

export function useLoanLinkState(loanId: string) {
  return useQuery(
    queryOptions({
      queryKey: [borrowerLinkUrl(loanId)],
      queryFn: ({ signal }) => apiAnswer<LoanLinkState>('GET', borrowerLinkUrl(loanId), { signal }),
    }),
  );
}

/** Make a new link (the old one stops), turn it off, or answer more time asked for; then the loan refetches. */
export function useLoanLinkAction(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'make' | 'revoke' | 'accept' | 'decline'): Promise<MadeLoanLink | null> => {
      if (action === 'make') return apiAnswer<MadeLoanLink>('POST', borrowerLinkUrl(loanId));
      if (action === 'revoke') await apiRequest('DELETE', borrowerLinkUrl(loanId));
      else await apiRequest('POST', `${borrowerLinkUrl(loanId)}/extension/${action}`);
      return null;
    },
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}

/** The holder's side: GET /api/loan-links/{token}. */
export const loanLinkApiUrl = (token: string) => `/api/loan-links/${encodeURIComponent(token)}`;

export function useBorrowerLoan(token: string) {
  return useQuery(
    queryOptions({
      queryKey: [loanLinkApiUrl(token)],
      queryFn: ({ signal }) => apiAnswer<BorrowerLoan>('GET', loanLinkApiUrl(token), { signal }),
      retry: false,
    }),
  );
}

/** "I have it", "I brought it back", "ask for more time", or "join": then the loan refetches. */
export function useBorrowerStep(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      step:
        { kind: 'have-it' | 'brought-back' } | { kind: 'extension'; body: RequestExtensionInput } | { kind: 'join' },
    ): Promise<{ inviteUrl: string } | null> => {
      const url = `${loanLinkApiUrl(token)}/${step.kind}`;
      if (step.kind === 'join') return apiAnswer<{ inviteUrl: string }>('POST', url);
      await apiRequest('POST', url, step.kind === 'extension' ? { body: step.body } : {});
      return null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [loanLinkApiUrl(token)] }),
  });
}
