import { useMutation } from '@tanstack/react-query';
import { uploadedPhotoSchema, type ItemPhoto } from '../../../../contract/schemas/item';
import { apiJson } from '../../../lib/api-client';
import { PHOTOS_URL } from './item-query-keys';

/**
 * POST /api/photos with the image bytes as the body (image/jpeg, image/png or
 * image/webp): 201 { id, url }; 413 image_too_large, 415 invalid_image_format.
 * The photo belongs to no item until an item is saved with its id, so a
 * cancelled form leaves the item as it was.
 */
export async function uploadPhoto(image: Blob): Promise<ItemPhoto> {
  const answer = await apiJson('POST', PHOTOS_URL, { body: image });
  return uploadedPhotoSchema.parse(answer);
}

/** Nothing to refetch: no list shows a photo before its item is saved. */
export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
