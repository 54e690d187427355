import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/contract/schemas/user';
import { AUTH_USER_URL } from '../../lib/auth/get-auth-user';

/**
 * Every profile write answers with the updated user: it goes straight into
 * the session query (header avatar and name change at once), which is then
 * refetched as spec §7 asks ("refreshes current user").
 */
export async function storeSessionUser(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData<User | null>([AUTH_USER_URL], user);
  await queryClient.invalidateQueries({ queryKey: [AUTH_USER_URL] });
}
