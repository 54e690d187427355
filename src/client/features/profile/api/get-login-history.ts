import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoginHistoryEntry } from '@/contract/schemas/user';
import { apiAnswer } from '@/client/lib/api-client';

export const LOGIN_HISTORY_URL = '/api/user/login-history';

/** GET /api/user/login-history: the signed-in person's recent sign-ins, newest first. */
export async function getLoginHistory(signal?: AbortSignal): Promise<LoginHistoryEntry[]> {
  return apiAnswer<LoginHistoryEntry[]>('GET', LOGIN_HISTORY_URL, { signal });
}

export const loginHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [LOGIN_HISTORY_URL],
    queryFn: ({ signal }) => getLoginHistory(signal),
  });

export function useLoginHistory() {
  return useQuery(loginHistoryQueryOptions());
}
