import type { BlockedPerson } from '../../contract/schemas/blocks';
import type { BlockedPersonRow } from './list-blocked-people';

/**
 * Spec-style shape of one blocked person. `photoUrl` is always null:
 * profile photos are not shown across a block in either direction
 * (users/related-people.ts, docs/decisions/0018), so a URL would only
 * answer 404; the client shows the initials.
 */
export function presentBlockedPerson(row: BlockedPersonRow): BlockedPerson {
  return {
    userId: row.userId,
    name: row.name,
    username: row.username,
    photoUrl: null,
    blockedAt: row.blockedAt.toISOString(),
  };
}
