import { vi } from 'vitest';

/**
 * jsdom decodes no images: it has no createImageBitmap, and its canvas has no
 * 2D context and no toBlob. These stubs stand in for the browser's decoder
 * and encoder only; everything else in the photo path runs for real. The test
 * setup restores them after each test (unstubAllGlobals, restoreAllMocks).
 */
export function stubImageDecoding({ width = 4000, height = 3000, decodes = true } = {}) {
  const close = vi.fn();
  const createImageBitmap = vi.fn(async () => {
    if (!decodes) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { width, height, close } as unknown as ImageBitmap;
  });
  vi.stubGlobal('createImageBitmap', createImageBitmap);

  const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type,
    quality,
  ) {
    callback(new Blob([`${this.width}x${this.height}@${String(quality)}`], { type: type ?? 'image/png' }));
  });
  return { createImageBitmap, close, context, toBlob };
}

/** A photo file as a camera or gallery would hand it over; `size` overrides the byte count. */
export function photoFile(name = 'photo.jpg', { type = 'image/jpeg', size }: { type?: string; size?: number } = {}) {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
