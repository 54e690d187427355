import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LendingRequest } from '@/contract/schemas/lending';
import { apiAnswer } from '@/client/lib/api-client';
import { RECEIVED_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';

/** GET /api/lending-requests/received: requests for the signed-in user's items (My Items: hand over, lent to). */
export async function getReceivedRequests(signal?: AbortSignal): Promise<LendingRequest[]> {
  return apiAnswer<LendingRequest[]>('GET', RECEIVED_REQUESTS_URL, { signal });
}

/** No polling of its own: the owner changes these from this app, and live events refresh the rest. */
export const receivedRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [RECEIVED_REQUESTS_URL],
    queryFn: ({ signal }) => getReceivedRequests(signal),
  });

export function useReceivedRequests() {
  return useQuery(receivedRequestsQueryOptions());
}
