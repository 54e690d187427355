import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../contract/schemas/user';
import { apiJson, isApiError } from '../../../lib/api-client';

export const AUTH_USER_URL = '/api/auth/user';

/**
 * The signed-in user, or null when the server answers 401 (signed out is a
 * state, not an error). The shared zod schema is imported on demand: zod is
 * the largest library in the app and signed-out visitors (the landing page's
 * first load) never need it.
 */
export async function getAuthUser(signal?: AbortSignal, onAnswer?: (signedIn: boolean) => void): Promise<User | null> {
  let body: unknown;
  try {
    body = await apiJson('GET', AUTH_USER_URL, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      onAnswer?.(false);
      return null;
    }
    throw error;
  }
  // Told before the schema's chunk is fetched, so the first page's code can load alongside it.
  onAnswer?.(true);
  const { userSchema } = await import('../../../../contract/schemas/user');
  return userSchema.parse(body);
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
