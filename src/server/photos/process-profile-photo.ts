import { LIMITS } from '../../contract/limits';
import { loadSharp } from './load-sharp';
import { checkUpload, decoderStep } from './process-photo';

export interface ProcessedProfilePhoto {
  bytes: Buffer;
  contentType: 'image/webp';
  /** The square's side: LIMITS.profilePhotoPx, or the upload's shorter side when that is smaller. */
  width: number;
  height: number;
}

/** An avatar is small on screen; 80 keeps faces clean at 3× density in a few kilobytes. */
const PROFILE_WEBP_QUALITY = 80;

/**
 * Turns an uploaded profile photo into the stored square
 * (docs/decisions/0016-profile-photo-and-language.md) with the item photos'
 * hardening (process-photo.ts): magic bytes against the declared type, the
 * pixel flood refused from the header, then one decode that turns the image
 * upright, crops the centred square, shrinks it to LIMITS.profilePhotoPx and
 * re-encodes it as WebP, which drops EXIF (GPS, camera serial), XMP, ICC
 * profiles and anything appended after the image data.
 *
 * A smaller upload is cropped but not enlarged: upscaling adds bytes, not
 * detail, and the browser scales the avatar anyway.
 */
export async function processProfilePhoto(input: Buffer, declaredContentType: string): Promise<ProcessedProfilePhoto> {
  const { width, height } = await checkUpload(input, declaredContentType);
  // The shorter side is the same before and after the EXIF rotation.
  const side = Math.min(LIMITS.profilePhotoPx, width, height);
  const sharp = await loadSharp();
  const square = await decoderStep(() =>
    sharp(input, { limitInputPixels: LIMITS.photoMaxInputPixels })
      .rotate()
      .resize({ width: side, height: side, fit: 'cover', position: 'centre' })
      .webp({ quality: PROFILE_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true }),
  );
  return { bytes: square.data, contentType: 'image/webp', width: square.info.width, height: square.info.height };
}
