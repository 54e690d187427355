import { useBlockedPeople } from './api/get-blocked-people';

/**
 * Whether the signed-in user blocked this person, so a screen offers Unblock
 * instead of Block. While the list loads, or when it cannot be loaded, that
 * is false: Block stays offered, and blocking twice is harmless.
 */
export function useIsBlocked(userId: string): boolean {
  const blocked = useBlockedPeople();
  return blocked.data?.some((person) => person.userId === userId) ?? false;
}
