import type { QueryClient } from '@tanstack/react-query';
import { invalidateByPrefix } from '@/client/lib/invalidate-by-prefix';
import { invalidateItemQueries } from '@/client/lib/query-keys/item-query-keys';
import { CONVERSATIONS_URL_PREFIX, MESSAGES_URL } from '@/client/lib/query-keys/message-query-keys';
import { LENDING_REQUESTS_URL } from '@/client/lib/query-keys/lending-query-keys';
import { invalidateLoanHistoryQueries } from '@/client/lib/query-keys/loan-query-keys';

/**
 * After any lending step (spec §7 "Lending requests"): sent and received
 * requests, conversations and messages (each step posts a system message),
 * every item list (the item's status or request badges move with it) and
 * the loan histories and counts (a hand-out or return changes them).
 */
export function invalidateAfterLendingChange(queryClient: QueryClient) {
  return Promise.all([
    invalidateByPrefix(queryClient, LENDING_REQUESTS_URL, CONVERSATIONS_URL_PREFIX, MESSAGES_URL),
    invalidateItemQueries(queryClient),
    invalidateLoanHistoryQueries(queryClient),
  ]);
}
