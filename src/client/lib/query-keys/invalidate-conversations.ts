import type { QueryClient } from '@tanstack/react-query';
import { invalidateByPrefix } from '../invalidate-by-prefix';
import { CONVERSATIONS_URL_PREFIX, UNREAD_COUNT_URL } from './message-query-keys';

/**
 * After a change that posts messages to several people or threads (a network
 * request, an answer to one): every conversation list and thread, and the
 * unread badge.
 */
export function invalidateConversationQueries(queryClient: QueryClient) {
  return Promise.all([
    invalidateByPrefix(queryClient, CONVERSATIONS_URL_PREFIX),
    queryClient.invalidateQueries({ queryKey: [UNREAD_COUNT_URL] }),
  ]);
}
