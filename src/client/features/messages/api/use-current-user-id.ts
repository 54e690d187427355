import { useAuthUser } from '@/client/lib/auth/get-auth-user';

/**
 * The signed-in user's id for the message URLs (spec §7 paths carry it). The
 * server still takes identity from the session and refuses any other id.
 * Undefined while the session query has no user, so queries wait.
 */
export function useCurrentUserId(): string | undefined {
  return useAuthUser().data?.id;
}
