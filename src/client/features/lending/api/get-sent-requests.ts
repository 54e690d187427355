import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING } from '@/contract/limits';
import type { LendingRequest } from '@/contract/schemas/lending';
import { apiAnswer } from '@/client/lib/api-client';
import { pollingWhileOffline, useLiveConnected } from '@/client/lib/live-status';
import { SENT_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';

/** GET /api/lending-requests/sent: the signed-in user's own requests, for the status on each item card. */
export async function getSentRequests(signal?: AbortSignal): Promise<LendingRequest[]> {
  return apiAnswer<LendingRequest[]>('GET', SENT_REQUESTS_URL, { signal });
}

/** Spec §7/§9: refreshed every 5 s on the items page, here only while the live stream is down. */
export const sentRequestsQueryOptions = (liveConnected: boolean) =>
  queryOptions({
    queryKey: [SENT_REQUESTS_URL],
    queryFn: ({ signal }) => getSentRequests(signal),
    refetchInterval: pollingWhileOffline(POLLING.sentRequestsMs, liveConnected),
  });

/** `enabled`: spec §7 asks only once the user is known. */
export function useSentRequests({ enabled = true }: { enabled?: boolean } = {}) {
  const liveConnected = useLiveConnected();
  return useQuery({ ...sentRequestsQueryOptions(liveConnected), enabled });
}
