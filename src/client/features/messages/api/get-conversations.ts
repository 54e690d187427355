import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { POLLING } from '@/contract/limits';
import type { ConversationSummary } from '@/contract/schemas/messages';
import { apiAnswer } from '@/client/lib/api-client';
import { pollingWhileOffline, useLiveConnected } from '@/client/lib/live-status';
import { conversationsUrl } from '@/client/lib/query-keys/message-query-keys';

/** GET /api/conversations/{userId}: one summary per partner, newest first (spec §3 Conversation summary). */
export async function getConversations(userId: string, signal?: AbortSignal): Promise<ConversationSummary[]> {
  return apiAnswer<ConversationSummary[]>('GET', conversationsUrl(userId), { signal });
}

export const conversationsQueryOptions = (userId: string | undefined, liveConnected: boolean) =>
  queryOptions({
    queryKey: [conversationsUrl(userId ?? '')],
    queryFn: userId === undefined ? skipToken : ({ signal }) => getConversations(userId, signal),
    // Spec §7/§9: every 30 s and stale after 10 s, but only while the live stream is down.
    refetchInterval: pollingWhileOffline(POLLING.conversationsMs, liveConnected),
    staleTime: POLLING.conversationsStaleMs,
  });

export function useConversations(userId: string | undefined) {
  const liveConnected = useLiveConnected();
  return useQuery(conversationsQueryOptions(userId, liveConnected));
}
