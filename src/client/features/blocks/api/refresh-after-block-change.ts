import type { QueryClient } from '@tanstack/react-query';
import { invalidateByPrefix } from '@/client/lib/invalidate-by-prefix';
import { BLOCKS_URL } from './get-blocked-people';

/**
 * What a block changes (docs/decisions/0018): the conversation list and the
 * unread badge, Available Items, lending requests and contacts, and the list
 * of blocked people. Named by the API's URL prefixes rather than imported
 * from those features, because features do not import each other.
 */
const AFFECTED_URL_PREFIXES = [
  BLOCKS_URL,
  '/api/conversations',
  '/api/messages/unread-count',
  '/api/items',
  '/api/lending-requests',
  '/api/contacts',
] as const;

/** After a block or an unblock: refetches the affected queries on screen, marks the rest stale. */
export function refreshAfterBlockChange(queryClient: QueryClient): Promise<void> {
  return invalidateByPrefix(queryClient, ...AFFECTED_URL_PREFIXES);
}
