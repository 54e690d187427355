import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/**
 * Spec §9 "Client data": queries never go stale on their own, failures are not
 * retried, focus does not refetch and nothing polls unless a query asks for it
 * (only the unread badge and message threads do).
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
