import { LIMITS } from '@/contract/limits';
import { resizePhoto } from '../../lib/resize-photo';

/** Spec §5: the AI creation area accepts photos up to 10 MB (the edit form: 5 MB). */
export const AI_UPLOAD_MAX_MB = LIMITS.uploadAiMaxBytes / (1024 * 1024);

export function isTooLargeForAnalysis(file: Blob): boolean {
  return file.size > LIMITS.uploadAiMaxBytes;
}

export interface PhotoCopies {
  /** Fits 512 × 512, JPEG quality 0.7: what the analyzer looks at (spec §9). */
  aiImage: string;
  /** Fits 1024 × 1024, JPEG quality 0.85: the photo the item keeps (spec §9). */
  displayImage: string;
}

/** `data:image/jpeg;base64,…`, the form the request schema expects. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data URL was read'));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Makes the two resized copies of spec §9 in the browser, so a 10 MB camera
 * photo never travels and the camera's metadata (location) is dropped by
 * the re-encoding. One after the other: two full-size decodes at once are
 * too much memory for a small phone. Throws PhotoProcessingError when the
 * photo cannot be decoded.
 */
export async function makePhotoCopies(file: Blob): Promise<PhotoCopies> {
  const ai = await resizePhoto(file, { maxPx: LIMITS.aiImageMaxPx, quality: LIMITS.aiImageQuality });
  const display = await resizePhoto(file, { maxPx: LIMITS.displayImageMaxPx, quality: LIMITS.displayImageQuality });
  const [aiImage, displayImage] = await Promise.all([blobToDataUrl(ai), blobToDataUrl(display)]);
  return { aiImage, displayImage };
}
