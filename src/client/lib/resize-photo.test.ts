import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { fitWithin, isTooLargeToUpload, PhotoProcessingError, resizePhoto } from './resize-photo';
import { photoFile, stubImageDecoding } from '../testing/image-stubs';

describe('fitWithin', () => {
  it.each([
    { width: 4000, height: 3000, expected: { width: 1024, height: 768 } },
    { width: 3000, height: 4000, expected: { width: 768, height: 1024 } },
    { width: 2048, height: 2048, expected: { width: 1024, height: 1024 } },
    { width: 800, height: 600, expected: { width: 800, height: 600 } },
    { width: 1024, height: 10, expected: { width: 1024, height: 10 } },
    { width: 10000, height: 1, expected: { width: 1024, height: 1 } },
  ])('$width × $height → $expected.width × $expected.height', ({ width, height, expected }) => {
    expect(fitWithin(width, height, 1024)).toEqual(expected);
  });
});

describe('isTooLargeToUpload', () => {
  it('allows exactly 5 MB and refuses one byte more', () => {
    expect(isTooLargeToUpload(photoFile('a.jpg', { size: LIMITS.uploadEditMaxBytes }))).toBe(false);
    expect(isTooLargeToUpload(photoFile('a.jpg', { size: LIMITS.uploadEditMaxBytes + 1 }))).toBe(true);
  });
});

describe('resizePhoto', () => {
  it('draws the photo into a 1024 px box on white and encodes JPEG at quality 0.85', async () => {
    const stubs = stubImageDecoding({ width: 4000, height: 3000 });
    const result = await resizePhoto(photoFile('camera.png', { type: 'image/png' }));
    expect(result.type).toBe('image/jpeg');
    expect(await result.text()).toBe('1024x768@0.85');
    expect(stubs.createImageBitmap).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' });
    expect(stubs.context.fillRect).toHaveBeenCalledWith(0, 0, 1024, 768);
    expect(stubs.context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1024, 768);
    expect(stubs.close).toHaveBeenCalled();
  });

  it('throws PhotoProcessingError when the image cannot be decoded', async () => {
    stubImageDecoding({ decodes: false });
    await expect(resizePhoto(photoFile())).rejects.toBeInstanceOf(PhotoProcessingError);
  });

  it('falls back to an <img> when createImageBitmap refuses', async () => {
    stubImageDecoding({ decodes: false });
    // jsdom cannot decode into an <img> either: stand in for the browser's decoder.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: async () => {} });
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(2400);
    try {
      const result = await resizePhoto(photoFile());
      expect(await result.text()).toBe('256x1024@0.85');
    } finally {
      Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
    }
  });

  it('throws PhotoProcessingError when the encoder gives nothing', async () => {
    const stubs = stubImageDecoding();
    stubs.toBlob.mockImplementation((callback) => callback(null));
    await expect(resizePhoto(photoFile())).rejects.toBeInstanceOf(PhotoProcessingError);
    expect(stubs.close).toHaveBeenCalled();
  });
});
