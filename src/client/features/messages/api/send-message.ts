import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageInput, Thread } from '@/contract/schemas/messages';
import { apiAnswer } from '@/client/lib/api-client';
import { invalidateByPrefix } from '@/client/lib/invalidate-by-prefix';
import { isLiveConnected } from '@/client/lib/live-status';
import { MESSAGES_URL, conversationsUrl, threadUrl } from '@/client/lib/query-keys/message-query-keys';

export interface SendMessageVariables {
  userId: string;
  receiverId: string;
  /** Already checked with messageContentSchema (not blank, ≤ 500). */
  content: string;
}

/**
 * POST /api/messages with messageType user (spec §7: senderId, receiverId,
 * content; the server checks that the sender is the signed-in user). The
 * answer (201) is the message as the sender's thread shows it.
 */
export async function sendMessage({ userId, receiverId, content }: SendMessageVariables): Promise<Message> {
  const body: SendMessageInput = { senderId: userId, receiverId, content, messageType: 'user' };
  return apiAnswer<Message>('POST', MESSAGES_URL, { body });
}

/**
 * Afterwards the thread shows the new message at once, from the answer. The
 * conversation list (and the thread, to be sure) is refreshed by the
 * server's own `message` event while the live stream is open
 * (features/live/use-live-events.ts); without the stream, here, once.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: async (sent, { userId, receiverId }) => {
      queryClient.setQueryData<Thread>([threadUrl(userId, receiverId)], (thread) =>
        thread && !thread.messages.some((message) => message.id === sent.id)
          ? { ...thread, messages: [...thread.messages, sent] }
          : thread,
      );
      if (!isLiveConnected()) await invalidateByPrefix(queryClient, conversationsUrl(userId));
    },
  });
}
