import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConditionStage } from '@/contract/enums';
import type { ItemPhoto } from '@/contract/schemas/item';
import type {
  AssessmentAnswerFormInput,
  ConditionEntryFormInput,
  LoanCondition,
  ProblemReportFormInput,
  ReturnAssessmentFormInput,
} from '@/contract/schemas/loan-condition';
import { apiAnswer, apiRequest } from '@/client/lib/api-client';
import { PHOTOS_URL } from '@/client/lib/query-keys/item-query-keys';
import { lendingRequestUrl } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

/*
 * A loan's condition and problems (issue 36, docs/decisions/0048): one read
 * and the writes that change it. Every write refetches the lending queries
 * (this one is under the request's URL), as a lending step does: the card's
 * flags and the conversation's system message move with it.
 */

/** GET /api/lending-requests/{id}/condition: the loan's two people only. */
export const loanConditionUrl = (loanId: string) => `${lendingRequestUrl(loanId)}/condition`;

export const loanConditionQueryOptions = (loanId: string) =>
  queryOptions({
    queryKey: [loanConditionUrl(loanId)],
    queryFn: ({ signal }) => apiAnswer<LoanCondition>('GET', loanConditionUrl(loanId), { signal }),
  });

export function useLoanCondition(loanId: string) {
  return useQuery(loanConditionQueryOptions(loanId));
}

/** POST /api/photos: a condition or problem photo, the actor's own until the entry is saved with it. */
export function uploadConditionPhoto(image: Blob): Promise<ItemPhoto> {
  return apiAnswer<ItemPhoto>('POST', PHOTOS_URL, { body: image });
}

/** PUT …/condition/{stage}: my note and photos of the hand-out or the return (204). */
export function saveConditionEntry(loanId: string, stage: ConditionStage, body: ConditionEntryFormInput) {
  return apiRequest('PUT', `${loanConditionUrl(loanId)}/${stage}`, { body });
}

/** PUT …/return-assessment: the owner's word on how it came back (204). */
export function assessReturn(loanId: string, body: ReturnAssessmentFormInput) {
  return apiRequest('PUT', `${lendingRequestUrl(loanId)}/return-assessment`, { body });
}

/** PUT …/return-assessment/answer: the borrower's one answer (204). */
export function answerAssessment(loanId: string, body: AssessmentAnswerFormInput) {
  return apiRequest('PUT', `${lendingRequestUrl(loanId)}/return-assessment/answer`, { body });
}

/** POST …/problems: "something's wrong" (201 { id }). */
export function reportProblem(loanId: string, body: ProblemReportFormInput) {
  return apiAnswer<{ id: string }>('POST', `${lendingRequestUrl(loanId)}/problems`, { body });
}

/** POST …/problems/{problemId}/settle: the owner marks it settled (204). */
export function settleProblem(loanId: string, problemId: string) {
  return apiRequest('POST', `${lendingRequestUrl(loanId)}/problems/${encodeURIComponent(problemId)}/settle`);
}

/** Any of the writes above, then the lending queries refetched. */
export function useConditionWrite<A>(write: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
