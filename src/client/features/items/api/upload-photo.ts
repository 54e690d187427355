import { useMutation } from '@tanstack/react-query';
import type { ItemPhoto } from '@/contract/schemas/item';
import { apiAnswer } from '@/client/lib/api-client';
import { PHOTOS_URL } from '@/client/lib/query-keys/item-query-keys';

/**
 * POST /api/photos with the image bytes as the body (image/jpeg, image/png or
 * image/webp): 201 { id, url }; 413 image_too_large, 415 invalid_image_format.
 * The photo belongs to no item until an item is saved with its id, so a
 * cancelled form leaves the item as it was.
 */
export async function uploadPhoto(image: Blob): Promise<ItemPhoto> {
  return apiAnswer<ItemPhoto>('POST', PHOTOS_URL, { body: image });
}

/** Nothing to refetch: no list shows a photo before its item is saved. */
export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
