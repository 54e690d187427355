import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { ItemPhoto } from '@/contract/schemas/item';
import { toast } from '@/client/components/ui/toast-store';
import { uploadPhoto } from '../api/upload-photo';
import { uploadResizedPhoto, type PhotoUploadTexts } from '@/client/lib/upload-resized-photo';

const ITEM_PHOTO_TEXTS: PhotoUploadTexts = {
  tooLargeTitle: 'items.photos.tooLargeTitle',
  tooLargeDescription: 'items.photos.tooLargeDescription',
  uploadFailed: 'items.photos.uploadFailed',
  processingFailed: 'items.photos.processingFailed',
};

/**
 * Spec §5 photo upload, one chosen file after the other, in the order
 * chosen: refused above 5 MB before anything else, resized to fit 1024 px as
 * JPEG, uploaded at once. Each failure gets its own toast and the next file
 * goes on. `pending` counts the files still to be done.
 */
export function usePhotoUploads(onUploaded: (photo: ItemPhoto) => void) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function addOne(file: File): Promise<void> {
    const photo = await uploadResizedPhoto(file, uploadPhoto, ITEM_PHOTO_TEXTS, t, i18n);
    if (!photo) return;
    // A closed form keeps nothing: the upload stays unattached on the server.
    if (mounted.current) onUploaded(photo);
  }

  /** Takes at most `room` of the files; says so when some are left out. */
  async function addFiles(files: readonly File[], room: number): Promise<void> {
    const accepted = files.slice(0, Math.max(0, room));
    setPending((count) => count + accepted.length);
    for (const file of accepted) {
      try {
        await addOne(file);
      } finally {
        if (mounted.current) setPending((count) => count - 1);
      }
    }
    if (accepted.length < files.length && mounted.current) {
      toast({
        variant: 'destructive',
        title: t('items.photos.uploadFailed'),
        description: t('items.photos.notAllAdded', { max: LIMITS.photosPerItemMax }),
      });
    }
  }

  return { pending, addFiles };
}
