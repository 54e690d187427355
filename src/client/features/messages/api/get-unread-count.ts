import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING } from '../../../../contract/limits';
import { unreadCountSchema } from '../../../../contract/schemas/messages';
import { apiJson } from '../../../lib/api-client';

export const UNREAD_COUNT_URL = '/api/messages/unread-count';

/** Total unread messages of the signed-in user, for the header and bottom-nav badges. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await apiJson('GET', UNREAD_COUNT_URL, { signal });
  return unreadCountSchema.parse(body).count;
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [UNREAD_COUNT_URL],
    queryFn: ({ signal }) => getUnreadCount(signal),
    // Spec §7/§9: the badge polls every 30 s and counts as stale after 10 s.
    refetchInterval: POLLING.conversationsMs,
    staleTime: POLLING.conversationsStaleMs,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
