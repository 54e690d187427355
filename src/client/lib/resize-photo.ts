import { LIMITS } from '../../contract/limits';

/**
 * Client-side photo processing for item photos and the profile photo (spec
 * §5, §9; shared, so it lives here and not in one feature): a photo is
 * refused above 5 MB, otherwise scaled to fit 1024 × 1024 and re-encoded as
 * JPEG at quality 0.85 before it is uploaded. Re-encoding also drops the
 * camera's metadata (location) before anything leaves the device.
 */

export interface ResizeOptions {
  maxPx?: number;
  quality?: number;
}

/** The photo could not be decoded or encoded: 'Failed to process image'. */
export class PhotoProcessingError extends Error {
  constructor(cause: unknown) {
    super('The photo could not be processed', { cause });
    this.name = 'PhotoProcessingError';
  }
}

export function isTooLargeToUpload(file: Blob): boolean {
  return file.size > LIMITS.uploadEditMaxBytes;
}

/** The size that fits within maxPx × maxPx, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, maxPx: number): { width: number; height: number } {
  const scale = Math.min(1, maxPx / width, maxPx / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

/** Through an <img>, which browsers also orient by the EXIF data when drawn. */
async function decodeWithImageElement(file: Blob): Promise<DecodedImage> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * createImageBitmap where the browser has it (applies the EXIF orientation);
 * an <img> where it is missing or refuses the options (older Safari).
 */
async function decode(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Fall through: the <img> path gives the final answer.
    }
  }
  return decodeWithImageElement(file);
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no image'))),
      'image/jpeg',
      quality,
    );
  });
}

/** Decodes the file and returns a JPEG that fits the square; throws PhotoProcessingError when it cannot. */
export async function resizePhoto(file: Blob, options: ResizeOptions = {}): Promise<Blob> {
  const maxPx = options.maxPx ?? LIMITS.displayImageMaxPx;
  const quality = options.quality ?? LIMITS.displayImageQuality;
  let image: DecodedImage;
  try {
    image = await decode(file);
  } catch (error) {
    throw new PhotoProcessingError(error);
  }
  try {
    if (image.width === 0 || image.height === 0) throw new Error('The image has no pixels');
    const size = fitWithin(image.width, image.height, maxPx);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG gets white, not black, behind it.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(image.source, 0, 0, size.width, size.height);
    return await toJpeg(canvas, quality);
  } catch (error) {
    throw new PhotoProcessingError(error);
  } finally {
    image.release();
  }
}
