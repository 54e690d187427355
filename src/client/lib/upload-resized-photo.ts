import type { i18n as I18n, TFunction } from 'i18next';
import { LIMITS } from '../../contract/limits';
import { toast } from '../components/ui/toast-store';
import { getErrorMessage } from './error-message';
import { isTooLargeToUpload, resizePhoto } from './resize-photo';

const MAX_MB = LIMITS.uploadEditMaxBytes / (1024 * 1024);

/** The failure texts of one upload place (spec §5 and §8), written out so the key check sees them. */
export interface PhotoUploadTexts {
  tooLargeTitle: string;
  tooLargeDescription: string;
  uploadFailed: string;
  processingFailed: string;
}

/**
 * Spec §5 photo upload, shared by item photos and the profile photo: refused
 * above 5 MB before anything else, resized to fit 1024 px as JPEG, then
 * sent with `send`. Each failure gets its toast and the answer is undefined.
 */
export async function uploadResizedPhoto<T>(
  file: File,
  send: (image: Blob) => Promise<T>,
  texts: PhotoUploadTexts,
  t: TFunction,
  i18n: I18n,
): Promise<T | undefined> {
  if (isTooLargeToUpload(file)) {
    toast({
      variant: 'destructive',
      title: t(texts.tooLargeTitle),
      description: t(texts.tooLargeDescription, { maxMb: MAX_MB }),
    });
    return undefined;
  }
  let image: Blob;
  try {
    image = await resizePhoto(file);
  } catch {
    toast({ variant: 'destructive', title: t(texts.uploadFailed), description: t(texts.processingFailed) });
    return undefined;
  }
  try {
    return await send(image);
  } catch (error) {
    toast({ variant: 'destructive', title: t(texts.uploadFailed), description: getErrorMessage(error, i18n) });
    return undefined;
  }
}
