import type { QueryClient } from '@tanstack/react-query';
import { CONVERSATIONS_URL_PREFIX, UNREAD_COUNT_URL } from './message-query-keys';

/**
 * After a change that posts messages to several people or threads (a network
 * request, an answer to one): every conversation list and thread, and the
 * unread badge.
 */
export function invalidateConversationQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) =>
        typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(CONVERSATIONS_URL_PREFIX),
    }),
    queryClient.invalidateQueries({ queryKey: [UNREAD_COUNT_URL] }),
  ]);
}
