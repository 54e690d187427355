import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { AppError } from '../http/app-error';
import { processPhoto, sniffImageType } from './process-photo';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

/** Resolves to the AppError code the promise is refused with. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

describe('processPhoto', () => {
  it.each([
    ['image/jpeg', () => solid(64, 48).jpeg().toBuffer()],
    ['image/png', () => solid(64, 48).png().toBuffer()],
    ['image/webp', () => solid(64, 48).webp().toBuffer()],
  ])('accepts %s and re-encodes it as WebP', async (type, make) => {
    const input = await make();
    const photo = await processPhoto(input, type);
    expect(photo).toMatchObject({ contentType: 'image/webp', width: 64, height: 48 });
    const stored = await sharp(photo.bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(sniffImageType(photo.bytes)).toBe('image/webp');
  });

  it('accepts a Content-Type with parameters and any case', async () => {
    const photo = await processPhoto(await solid(8, 8).png().toBuffer(), 'Image/PNG; charset=binary');
    expect(photo.contentType).toBe('image/webp');
  });

  it('shrinks to fit the stored size without enlarging small photos', async () => {
    const big = await processPhoto(await solid(3200, 1000).jpeg().toBuffer(), 'image/jpeg');
    expect([big.width, big.height]).toEqual([LIMITS.photoStoredMaxPx, 500]);
    const small = await processPhoto(await solid(300, 200).jpeg().toBuffer(), 'image/jpeg');
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('makes a smaller card copy within the card size, without enlarging', async () => {
    const wide = await processPhoto(await solid(3200, 1000).jpeg().toBuffer(), 'image/jpeg');
    expect(wide.cardBytes).not.toBeNull();
    const card = await sharp(wide.cardBytes!).metadata();
    expect(card).toMatchObject({ format: 'webp', width: LIMITS.photoCardMaxPx, height: 250 });
    expect(wide.cardBytes!.length).toBeLessThan(wide.bytes.length);

    const tall = await processPhoto(await solid(900, 1200).png().toBuffer(), 'image/png');
    expect([tall.width, tall.height]).toEqual([900, 1200]);
    expect(await sharp(tall.cardBytes!).metadata()).toMatchObject({ width: 600, height: LIMITS.photoCardMaxPx });

    // Already card-sized: the full image is the card, stored once.
    const small = await processPhoto(await solid(LIMITS.photoCardMaxPx, 600).jpeg().toBuffer(), 'image/jpeg');
    expect([small.width, small.height]).toEqual([LIMITS.photoCardMaxPx, 600]);
    expect(small.cardBytes).toBeNull();
  });

  it('refuses SVG, GIF and text even when declared as an accepted type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await refusal(processPhoto(svg, 'image/svg+xml'))).code).toBe('invalid_image_format');
    expect((await refusal(processPhoto(svg, 'image/png'))).code).toBe('invalid_image_format');
    const gif = await solid(8, 8).gif().toBuffer();
    expect((await refusal(processPhoto(gif, 'image/gif'))).code).toBe('invalid_image_format');
    expect((await refusal(processPhoto(Buffer.from('hello'), 'image/jpeg'))).code).toBe('invalid_image_format');
    expect((await refusal(processPhoto(Buffer.alloc(0), 'image/jpeg'))).code).toBe('invalid_image_format');
  });

  it('refuses bytes whose magic does not match the declared type', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const refused = await refusal(processPhoto(png, 'image/jpeg'));
    expect(refused.code).toBe('invalid_image_format');
    expect(refused.message).toMatch(/image\/png/);
    expect((await refusal(processPhoto(png, ''))).code).toBe('invalid_image_format');
  });

  it('refuses a file with valid magic bytes that does not decode (415, not a 500)', async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, jpeg.length / 2);
    expect((await refusal(processPhoto(truncated, 'image/jpeg'))).code).toBe('invalid_image_format');
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 0x42)]);
    expect((await refusal(processPhoto(garbage, 'image/jpeg'))).code).toBe('invalid_image_format');
    const riff = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBP', 'latin1'), Buffer.alloc(20, 1)]);
    expect((await refusal(processPhoto(riff, 'image/webp'))).code).toBe('invalid_image_format');
  });

  describe('a decompression bomb', () => {
    let bomb: Buffer;
    beforeAll(async () => {
      // 225 megapixels of one colour: well under a megabyte as PNG, ~675 MB once decoded.
      bomb = await sharp({
        create: { width: 15_000, height: 15_000, channels: 3, background: '#ffffff' },
        limitInputPixels: false,
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
    }, 60_000);

    it('is small on the wire and refused from its header, before decoding', async () => {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const refused = await refusal(processPhoto(bomb, 'image/png'));
      expect(refused.code).toBe('image_too_large');
      // Our header check answered (sharp's limitInputPixels, the second net, words it differently).
      expect(refused.message).toMatch(/15000×15000 pixels/);
    });

    it('counts width × height: two rows over the limit are refused', async () => {
      const side = Math.floor(Math.sqrt(LIMITS.photoMaxInputPixels));
      const justOver = await solid(side, side + 2)
        .png({ compressionLevel: 1 })
        .toBuffer();
      expect(side * (side + 2)).toBeGreaterThan(LIMITS.photoMaxInputPixels);
      expect((await refusal(processPhoto(justOver, 'image/png'))).code).toBe('image_too_large');
    });
  });

  it('strips EXIF, including the GPS position, and ICC/XMP metadata', async () => {
    const input = await solid(40, 30)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Serial-12345', Copyright: 'secret' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('Serial-12345');

    const photo = await processPhoto(input, 'image/jpeg');
    const after = await sharp(photo.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(photo.bytes.toString('latin1')).not.toContain('Serial-12345');
    expect(photo.bytes.toString('latin1')).not.toContain('PhoneCo');
  });

  it('makes the card copy upright and without the EXIF, GPS position and serial', async () => {
    // Stored 1200×900 landscape, tagged "rotate 90° clockwise to display": a 900×1200 portrait photo.
    const input = await solid(1200, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Serial-12345' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ orientation: 6 });
    expect(before.exif?.toString('latin1')).toContain('Serial-12345');

    const photo = await processPhoto(input, 'image/jpeg');
    const card = await sharp(photo.cardBytes!).metadata();
    expect(card).toMatchObject({ format: 'webp', width: 600, height: LIMITS.photoCardMaxPx });
    expect(card.orientation).toBeUndefined();
    expect(card.exif).toBeUndefined();
    expect(card.xmp).toBeUndefined();
    expect(card.icc).toBeUndefined();
    expect(photo.cardBytes!.toString('latin1')).not.toContain('Serial-12345');
    expect(photo.cardBytes!.toString('latin1')).not.toContain('PhoneCo');
  });

  it('turns the photo upright by its EXIF orientation', async () => {
    // Stored 40×20 landscape, tagged "rotate 90° clockwise to display": a portrait photo.
    const left = await solid(20, 20).png().toBuffer();
    const input = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const photo = await processPhoto(input, 'image/jpeg');
    expect([photo.width, photo.height]).toEqual([20, 40]);
    const after = await sharp(photo.bytes).metadata();
    expect(after.orientation).toBeUndefined();
    // Rotated clockwise, the red left half of the stored image is now on top.
    const { data, info } = await sharp(photo.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => (y * info.width + x) * info.channels;
    const pixel = (x: number, y: number) => [...data.subarray(at(x, y), at(x, y) + 3)];
    expect(pixel(10, 5)[0]).toBeGreaterThan(150);
    expect(pixel(10, 5)[2]).toBeLessThan(100);
    expect(pixel(10, 35)[2]).toBeGreaterThan(150);
  });
});
