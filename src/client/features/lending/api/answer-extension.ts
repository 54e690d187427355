import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { loanExtensionUrl } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateAfterLendingChange } from './invalidate-lending';

export interface AnswerExtensionVariables {
  lendingRequestId: string;
  answer: 'accept' | 'decline';
}

/** POST /api/lending-requests/{id}/extension/{accept|decline} (owner). Accepting moves the due date. */
export async function answerExtension({ lendingRequestId, answer }: AnswerExtensionVariables): Promise<void> {
  await apiRequest('POST', `${loanExtensionUrl(lendingRequestId)}/${answer}`, { body: {} });
}

export function useAnswerExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerExtension,
    onSuccess: () => invalidateAfterLendingChange(queryClient),
  });
}
