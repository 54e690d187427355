import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMessageInput } from '../../../../contract/schemas/messages';
import { apiRequest } from '../../../lib/api-client';
import { MESSAGES_URL, conversationsUrl, threadUrl } from '../../../lib/query-keys/message-query-keys';

export interface SendMessageVariables {
  userId: string;
  receiverId: string;
  /** Already checked with messageContentSchema (not blank, ≤ 500). */
  content: string;
}

/**
 * POST /api/messages with messageType user (spec §7). The sender is the
 * signed-in user (the server takes it from the session), so `senderId` is
 * not sent. The contract names no answer body: the thread is refetched.
 */
export async function sendMessage({ receiverId, content }: SendMessageVariables): Promise<void> {
  const body: SendMessageInput = { receiverId, content, messageType: 'user' };
  await apiRequest('POST', MESSAGES_URL, { body });
}

/** Afterwards the thread shows the new message and the list moves the conversation up. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_answer, { userId, receiverId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [threadUrl(userId, receiverId)] }),
        queryClient.invalidateQueries({ queryKey: [conversationsUrl(userId)] }),
      ]),
  });
}
