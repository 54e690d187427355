import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING } from '@/contract/limits';
import type { UnreadCount } from '@/contract/schemas/messages';
import { apiAnswer } from '@/client/lib/api-client';
import { pollingWhileOffline, useLiveConnected } from '@/client/lib/live-status';
import { UNREAD_COUNT_URL } from '@/client/lib/query-keys/message-query-keys';

/** Total unread messages of the signed-in user, for the header and bottom-nav badges. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const answer = await apiAnswer<UnreadCount>('GET', UNREAD_COUNT_URL, { signal });
  return answer.count;
}

/**
 * Spec §7/§9: the badge polls every 30 s and counts as stale after 10 s, but
 * only while the live stream is down; while it is open, `unread_count`
 * events keep the badge current.
 */
export const unreadCountQueryOptions = (liveConnected = false) =>
  queryOptions({
    queryKey: [UNREAD_COUNT_URL],
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: pollingWhileOffline(POLLING.conversationsMs, liveConnected),
    staleTime: POLLING.conversationsStaleMs,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions(useLiveConnected()));
}
