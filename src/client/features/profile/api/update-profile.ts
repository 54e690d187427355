import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '@/contract/schemas/profile';
import type { User } from '@/contract/schemas/user';
import { apiAnswer } from '@/client/lib/api-client';
import { storeSessionUser } from '../session-user-cache';

export const PROFILE_URL = '/api/users/profile';

/** PUT /api/users/profile: name, phone, email, language; answers with the updated user. */
export async function updateProfile(changes: UpdateProfileInput): Promise<User> {
  return apiAnswer<User>('PUT', PROFILE_URL, { body: changes });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => storeSessionUser(queryClient, user),
  });
}
