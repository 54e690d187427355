import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { UNREAD_COUNT_URL, conversationsUrl, markReadUrl, threadUrl } from '@/client/lib/query-keys/message-query-keys';

export interface MarkReadVariables {
  userId: string;
  partnerId: string;
}

/** PUT /api/messages/read/{userId}/{partnerId}: every message from the partner to the user counts as read. */
export async function markRead({ userId, partnerId }: MarkReadVariables): Promise<void> {
  // The contract names no answer body: success is all that matters.
  await apiRequest('PUT', markReadUrl(userId, partnerId));
}

/** Afterwards the header badge, the conversation list's count and the thread's read marks are refreshed. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_answer, { userId, partnerId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [UNREAD_COUNT_URL] }),
        queryClient.invalidateQueries({ queryKey: [conversationsUrl(userId)] }),
        queryClient.invalidateQueries({ queryKey: [threadUrl(userId, partnerId)] }),
      ]),
  });
}
