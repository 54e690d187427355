import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/contract/schemas/user';
import { apiAnswer } from '@/client/lib/api-client';
import { storeSessionUser } from '../session-user-cache';

export const PROFILE_PHOTO_URL = '/api/users/profile/photo';

/**
 * PUT /api/users/profile/photo with the image bytes as the body (image/jpeg,
 * image/png or image/webp, at most 5 MB): the updated user, whose
 * profileImageUrl names the new photo. 413 image_too_large, 415
 * invalid_image_format.
 */
export async function uploadProfilePhoto(image: Blob): Promise<User> {
  return apiAnswer<User>('PUT', PROFILE_PHOTO_URL, { body: image });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: (user) => storeSessionUser(queryClient, user),
  });
}
