import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@/contract/schemas/user';
import { apiAnswer, isApiError } from '../api-client';

export const AUTH_USER_URL = '/api/auth/user';

/**
 * The signed-in user, or null when the server answers 401 (signed out is a
 * state, not an error). `onAnswer` is told as soon as the server has answered,
 * so the first page's code can start loading.
 */
export async function getAuthUser(signal?: AbortSignal, onAnswer?: (signedIn: boolean) => void): Promise<User | null> {
  let user: User;
  try {
    user = await apiAnswer<User>('GET', AUTH_USER_URL, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      onAnswer?.(false);
      return null;
    }
    throw error;
  }
  onAnswer?.(true);
  return user;
}

/** `onAnswer` hears as soon as the server has said whether there is a session (main.tsx preloads with it). */
export const authUserQueryOptions = (onAnswer?: (signedIn: boolean) => void) =>
  queryOptions({
    queryKey: [AUTH_USER_URL],
    queryFn: ({ signal }) => getAuthUser(signal, onAnswer),
    retry: false,
  });

export function useAuthUser() {
  return useQuery(authUserQueryOptions());
}
