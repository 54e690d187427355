import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query's key starts with its URL (the house pattern), so a family of
 * queries is named by a URL prefix: '/api/conversations' covers every
 * conversation list and thread. This picks the queries under any prefix.
 */
export function keyStartsWith(...prefixes: readonly string[]) {
  return (query: { queryKey: readonly unknown[] }): boolean => {
    const [url] = query.queryKey;
    return typeof url === 'string' && prefixes.some((prefix) => url.startsWith(prefix));
  };
}

/** Marks every query under any of the prefixes stale and refetches the ones on screen. */
export function invalidateByPrefix(queryClient: QueryClient, ...prefixes: readonly string[]): Promise<void> {
  return queryClient.invalidateQueries({ predicate: keyStartsWith(...prefixes) });
}
