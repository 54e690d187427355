import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushDevice } from '@/contract/schemas/notifications';
import { apiAnswer } from '@/client/lib/api-client';
import { PUSH_SUBSCRIPTIONS_URL } from '@/client/lib/push-unsubscribe';

// One constant for the route: lib/push-unsubscribe.ts removes this browser's subscription at sign-out.
export { PUSH_SUBSCRIPTIONS_URL };

/** GET /api/push/subscriptions: the signed-in person's devices that get pushes. */
export async function getPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  return apiAnswer<PushDevice[]>('GET', PUSH_SUBSCRIPTIONS_URL, { signal });
}

export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: [PUSH_SUBSCRIPTIONS_URL],
    queryFn: ({ signal }) => getPushDevices(signal),
  });

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions());
}
