import { LIMITS } from '../../contract/limits';

/** Badge text: the count, capped at "99+" (spec §9); null when there is nothing unread. */
export function formatUnreadCount(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(count);
}
