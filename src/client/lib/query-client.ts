import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/**
 * Spec §9 "Client data": by default queries never go stale on their own,
 * failures are not retried, focus does not refetch and nothing polls. Queries
 * that need fresher data say so themselves: the message thread, the
 * conversation list, the unread badge and the sent requests poll at the
 * intervals of POLLING (contract/limits.ts), but only while the live stream
 * is closed (`pollingWhileOffline`, lib/live-status.ts); while it is open,
 * live events refresh those caches instead. The conversation list and unread
 * count also go stale after POLLING.conversationsStaleMs, and a group looked
 * up by its code at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
