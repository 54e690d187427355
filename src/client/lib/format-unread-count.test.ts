import { describe, expect, it } from 'vitest';
import { formatUnreadCount } from './format-unread-count';

describe('formatUnreadCount', () => {
  it.each([
    [undefined, null],
    [0, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%s → %s', (count, expected) => {
    expect(formatUnreadCount(count)).toBe(expected);
  });
});
