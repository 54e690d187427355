import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { POLLING } from '@/contract/limits';
import type { Thread } from '@/contract/schemas/messages';
import { apiAnswer } from '@/client/lib/api-client';
import { pollingWhileOffline, useLiveConnected } from '@/client/lib/live-status';
import { threadUrl } from '@/client/lib/query-keys/message-query-keys';

/**
 * GET /api/conversations/{userId}/{partnerId}: the partner and every message
 * between the two, each with the lending or network request it is about.
 */
export async function getThread(userId: string, partnerId: string, signal?: AbortSignal): Promise<Thread> {
  return apiAnswer<Thread>('GET', threadUrl(userId, partnerId), { signal });
}

export const threadQueryOptions = (userId: string | undefined, partnerId: string, liveConnected: boolean) =>
  queryOptions({
    queryKey: [threadUrl(userId ?? '', partnerId)],
    queryFn: userId === undefined ? skipToken : ({ signal }) => getThread(userId, partnerId, signal),
    // Spec §2/§9: the open thread refreshes every 3 s while the live stream is down.
    refetchInterval: pollingWhileOffline(POLLING.threadMs, liveConnected),
  });

export function useThread(userId: string | undefined, partnerId: string) {
  const liveConnected = useLiveConnected();
  return useQuery(threadQueryOptions(userId, partnerId, liveConnected));
}
