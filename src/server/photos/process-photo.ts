import type { ResizeOptions } from 'sharp';
import { LIMITS } from '../../contract/limits';
import { AppError } from '../http/app-error';
import { loadSharp } from './load-sharp';

/** The formats a photo may be uploaded in: what phones and the client's resizer produce. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** What sharp's metadata calls each accepted format. */
const SHARP_FORMAT: Record<UploadContentType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface ProcessedPhoto {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /**
   * The copy item cards show, within LIMITS.photoCardMaxPx, same type.
   * Null when the full image already fits: it is then the card too, and
   * storing it twice would only cost space.
   */
  cardBytes: Buffer | null;
}

/** Good enough for a photo of a drill at 1600 px, about a third of a JPEG's size. */
const WEBP_QUALITY = 82;
/**
 * A card shows the photo at about 380 CSS px with the item's name beside it;
 * artefacts that 82 avoids at full size do not show there, and the card's
 * picture is the list's largest paint, so its bytes count.
 */
const CARD_WEBP_QUALITY = 75;

/**
 * Turns an upload into the bytes we store, following what Mastodon, Discourse
 * and GitLab do with untrusted images (../shared/docs/engineering-notes.md
 * "Images"):
 *
 * 1. The magic bytes must be JPEG, PNG or WebP and agree with the declared
 *    Content-Type: SVG (script), GIF, HEIC, HTML or anything else never
 *    reaches a decoder.
 * 2. The dimensions are read from the header and a pixel flood (a
 *    decompression bomb: a small file that decodes to gigabytes) is refused
 *    before decoding. sharp's own `limitInputPixels` stays on as a second net.
 * 3. The image is decoded, turned upright (EXIF orientation), shrunk to the
 *    stored size and re-encoded as WebP. Re-encoding drops every piece of
 *    metadata (EXIF with GPS position and camera serial, XMP, ICC, comments)
 *    and any bytes smuggled after the image data.
 * 4. The card copy is made from the same decoded pixels (one decode, the
 *    costly step for a phone photo), shrunk further and encoded on its own:
 *    it carries no metadata either.
 *
 * A file the decoder refuses is the client's fault (415), never a 500.
 */
export async function processPhoto(input: Buffer, declaredContentType: string): Promise<ProcessedPhoto> {
  await checkUpload(input, declaredContentType);
  const sharp = await loadSharp();

  // Upright sRGB pixels at the stored size, 8 bits per channel: sharp's
  // colour handling (CMYK, 16-bit PNG, alpha) is done here, once.
  const upright = await decoderStep(() =>
    sharp(input, { limitInputPixels: LIMITS.photoMaxInputPixels })
      .rotate()
      .resize(fitInside(LIMITS.photoStoredMaxPx))
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height, channels } = upright.info;
  const pixels = () => sharp(upright.data, { raw: { width, height, channels } });
  const cardSized = Math.max(width, height) <= LIMITS.photoCardMaxPx;
  const [bytes, cardBytes] = await Promise.all([
    decoderStep(() => pixels().webp({ quality: WEBP_QUALITY }).toBuffer()),
    cardSized
      ? null
      : decoderStep(() =>
          pixels().resize(fitInside(LIMITS.photoCardMaxPx)).webp({ quality: CARD_WEBP_QUALITY }).toBuffer(),
        ),
  ]);
  return { bytes, contentType: 'image/webp', width, height, cardBytes };
}

/**
 * Steps 1 and 2 of processPhoto, shared with profile photos
 * (profile-photo.ts): the bytes are a JPEG, PNG or WebP as declared, and not
 * a pixel flood. Only the header is read. Returns the stored dimensions
 * (before EXIF rotation).
 */
export async function checkUpload(
  input: Buffer,
  declaredContentType: string,
): Promise<{ width: number; height: number }> {
  const sniffed = sniffImageType(input);
  if (!sniffed) throw new AppError('invalid_image_format', 'Not a JPEG, PNG or WebP image');
  const declared = mediaType(declaredContentType);
  if (declared !== sniffed) {
    throw new AppError('invalid_image_format', `Declared ${declared || 'no type'} but the bytes are ${sniffed}`);
  }

  // Header only: no pixel is decoded here. The limit is off for this call
  // because sharp would refuse with its own message; the check below is ours.
  const sharp = await loadSharp();
  const metadata = await decoderStep(() => sharp(input, { limitInputPixels: false }).metadata());
  if (metadata.format !== SHARP_FORMAT[sniffed] || !metadata.width || !metadata.height) {
    throw new AppError('invalid_image_format', `The decoder reads ${metadata.format ?? 'no format'}, not ${sniffed}`);
  }
  if (metadata.width * metadata.height > LIMITS.photoMaxInputPixels) {
    throw new AppError(
      'image_too_large',
      `Image is ${metadata.width}×${metadata.height} pixels; at most ${LIMITS.photoMaxInputPixels} are accepted`,
    );
  }
  return { width: metadata.width, height: metadata.height };
}

/**
 * Decodes every byte of an image checkUpload has passed, for images that are
 * handed on rather than re-encoded (the photo analysis' 512 px copy): a
 * truncated or corrupt JPEG has a valid header, so only a full decode finds
 * it. Shrink-on-load keeps this cheap; libvips still reads the whole stream.
 */
export async function ensureDecodable(input: Buffer): Promise<void> {
  const sharp = await loadSharp();
  await decoderStep(() =>
    sharp(input, { limitInputPixels: LIMITS.photoMaxInputPixels }).resize(fitInside(DECODE_CHECK_PX)).raw().toBuffer(),
  );
}
const DECODE_CHECK_PX = 8;

/** Shrinks to fit a square of `side` pixels, keeping the aspect ratio; never enlarges. */
const fitInside = (side: number): ResizeOptions => ({
  width: side,
  height: side,
  fit: 'inside',
  withoutEnlargement: true,
});

/** The format the first bytes announce, or null for anything we do not accept. */
export function sniffImageType(bytes: Buffer): UploadContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF <4-byte size> WEBP
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

function startsWith(bytes: Buffer, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** `image/JPEG; foo=bar` → `image/jpeg`. */
function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Runs a sharp call and turns its refusals into our errors: a pixel limit
 * into image_too_large, anything else (truncated or corrupt data, a format
 * libvips cannot read) into invalid_image_format.
 */
export async function decoderStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason)) throw new AppError('image_too_large', `Decoder refused: ${reason}`);
    throw new AppError('invalid_image_format', `Decoder refused: ${reason}`);
  }
}
