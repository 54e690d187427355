import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/contract/schemas/user';
import { apiAnswer } from '@/client/lib/api-client';
import { storeSessionUser } from '../session-user-cache';
import { PROFILE_PHOTO_URL } from './upload-profile-photo';

/** DELETE /api/users/profile/photo: the updated user, without a photo (initials again). */
export async function deleteProfilePhoto(): Promise<User> {
  return apiAnswer<User>('DELETE', PROFILE_PHOTO_URL);
}

export function useDeleteProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfilePhoto,
    onSuccess: (user) => storeSessionUser(queryClient, user),
  });
}
