import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { invalidateByPrefix, keyStartsWith } from './invalidate-by-prefix';

describe('keyStartsWith', () => {
  it('matches a key whose URL starts with any prefix, and nothing else', () => {
    const matches = keyStartsWith('/api/conversations', '/api/lending-requests');
    expect(matches({ queryKey: ['/api/conversations/me'] })).toBe(true);
    expect(matches({ queryKey: ['/api/lending-requests/sent', { page: 1 }] })).toBe(true);
    expect(matches({ queryKey: ['/api/messages/unread-count'] })).toBe(false);
    expect(matches({ queryKey: [{ url: '/api/conversations' }] })).toBe(false);
    expect(matches({ queryKey: [] })).toBe(false);
  });
});

describe('invalidateByPrefix', () => {
  it('invalidates the queries under the prefixes only', async () => {
    const queryClient = createQueryClient();
    const keys = [['/api/conversations/me'], ['/api/conversations/me/bob'], ['/api/items/my'], ['/api/groups']];
    for (const key of keys) queryClient.setQueryData(key, {});
    await invalidateByPrefix(queryClient, '/api/conversations', '/api/items');
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });
});
