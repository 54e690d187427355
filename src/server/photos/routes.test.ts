import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup } from '../../../tests/support/item-factories';
import { LIMITS } from '../../contract/limits';
import { groupMembers, itemPhotos, photoBlobs } from '../db/schema';
import { errorCode, photoCalls, type User } from '../../../tests/support/photos';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const photos = photoCalls(() => t);
const { upload, getPhoto, createItemWithPhotos } = photos;
const uploadedId = (user: User, body = jpeg) => photos.uploadedId(user, body);

/** Rows as an upload leaves them, without sharp: for reaching the daily cap. */
async function insertUnsavedPhotos(user: User, count: number, createdAt = new Date()) {
  const rows = Array.from({ length: count }, () => ({
    uploaderId: user.id,
    contentType: 'image/webp',
    width: 1,
    height: 1,
    byteSize: 1,
    createdAt,
  }));
  return t.db.insert(itemPhotos).values(rows).returning({ id: itemPhotos.id });
}

describe('POST /api/photos', () => {
  it('refuses anonymous callers (401), before reading even an over-size body', async () => {
    const response = await upload(null, jpeg);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('authentication_required');
    const oversize = await upload(null, Buffer.alloc(LIMITS.photoUploadMaxBytes + 1));
    expect(oversize.statusCode).toBe(401);
  });

  it('refuses another origin (the cross-origin guard covers raw bodies too)', async () => {
    const alice = await createUser(t.db);
    const response = await t.request(alice, {
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': 'image/jpeg', origin: 'https://evil.example' },
      body: jpeg,
    });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.uploaderId, alice.id))).toEqual([]);
  });

  it('stores the re-encoded photo for its uploader and answers 201 {id, url}', async () => {
    const alice = await createUser(t.db);
    const response = await upload(alice, jpeg);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; url: string }>();
    expect(body).toEqual({ id: expect.any(String), url: `/api/photos/${body.id}` });

    const [row] = await t.db.select().from(itemPhotos).where(eq(itemPhotos.id, body.id));
    expect(row).toMatchObject({
      uploaderId: alice.id,
      itemId: null,
      position: null,
      contentType: 'image/webp',
      width: 120,
      height: 80,
    });
    const [blob] = await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, body.id));
    expect(blob!.bytes.length).toBe(row!.byteSize);
    expect((await sharp(blob!.bytes).metadata()).format).toBe('webp');
  });

  it('accepts PNG and WebP, and bodies above the app-wide 1 MiB limit', async () => {
    const alice = await createUser(t.db);
    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    expect((await upload(alice, png, 'image/png')).statusCode).toBe(201);
    const webp = await sharp(png).webp().toBuffer();
    expect((await upload(alice, webp, 'image/webp')).statusCode).toBe(201);

    const noisy = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect(noisy.length).toBeLessThan(LIMITS.photoUploadMaxBytes);
    const response = await upload(alice, noisy, 'image/png');
    expect(response.statusCode).toBe(201);
  });

  it('answers 413 image_too_large above 5 MB, and stores nothing', async () => {
    const alice = await createUser(t.db);
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(LIMITS.photoUploadMaxBytes + 1 - jpeg.length)]);
    const response = await upload(alice, tooBig);
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe('image_too_large');
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.uploaderId, alice.id))).toEqual([]);
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
    ['SVG declared as PNG', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png'],
    ['JSON', '{"image":"data:image/png;base64,AAAA"}', 'application/json'],
    ['text', 'hello', 'text/plain'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00', 'image/gif'],
  ])('refuses %s with 415 invalid_image_format', async (_name, body, contentType) => {
    const alice = await createUser(t.db);
    const response = await upload(alice, body, contentType);
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('invalid_image_format');
  });

  it('refuses a JPEG declared as PNG, a corrupt JPEG and no body at all with 415', async () => {
    const alice = await createUser(t.db);
    expect(errorCode(await upload(alice, jpeg, 'image/png'))).toBe('invalid_image_format');
    const corrupt = await upload(alice, jpeg.subarray(0, jpeg.length / 2));
    expect(corrupt.statusCode).toBe(415);
    expect(errorCode(corrupt)).toBe('invalid_image_format');
    const empty = await t.request(alice, { method: 'POST', url: '/api/photos' });
    expect(empty.statusCode).toBe(415);
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.uploaderId, alice.id))).toEqual([]);
  });

  it('caps unsaved uploads per day (429) and clears uploads abandoned for a day', async () => {
    const alice = await createUser(t.db);
    const stale = await insertUnsavedPhotos(alice, 3, new Date(Date.now() - 25 * 60 * 60 * 1000));
    await t.db.insert(photoBlobs).values(stale.map(({ id }) => ({ photoId: id, bytes: Buffer.from('x') })));
    // Photos saved with an item do not count against the cap.
    const item = await createItem(t.db, alice);
    await t.db.insert(itemPhotos).values(
      Array.from({ length: 5 }, (_, position) => ({
        uploaderId: alice.id,
        itemId: item.id,
        position,
        contentType: 'image/webp',
        width: 1,
        height: 1,
        byteSize: 1,
      })),
    );
    await insertUnsavedPhotos(alice, LIMITS.photoUploadsPerDay - 1);

    // One left today: stale uploads do not count, and this upload sweeps them (with their bytes).
    expect((await upload(alice, jpeg)).statusCode).toBe(201);
    const staleIds = stale.map(({ id }) => id);
    const remaining = await t.db
      .select({ id: itemPhotos.id })
      .from(itemPhotos)
      .where(eq(itemPhotos.uploaderId, alice.id));
    expect(remaining.filter(({ id }) => staleIds.includes(id))).toEqual([]);
    expect(remaining).toHaveLength(LIMITS.photoUploadsPerDay + 5);
    for (const id of staleIds) {
      expect(await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, id))).toEqual([]);
    }

    const refused = await upload(alice, jpeg);
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('too_many_requests');
    // The oldest counted upload is seconds old: it stops counting in about a day.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 60 * 60 - 120);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 60 * 60);
    const unsaved = await t.db
      .select()
      .from(itemPhotos)
      .where(and(eq(itemPhotos.uploaderId, alice.id), isNull(itemPhotos.itemId)));
    expect(unsaved).toHaveLength(LIMITS.photoUploadsPerDay);

    // The cap is per user.
    const bob = await createUser(t.db);
    expect((await upload(bob, jpeg)).statusCode).toBe(201);
  });

  it('holds the cap under parallel uploads', async () => {
    const alice = await createUser(t.db);
    await insertUnsavedPhotos(alice, LIMITS.photoUploadsPerDay - 2);
    const responses = await Promise.all(Array.from({ length: 5 }, () => upload(alice, jpeg)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    const unsaved = await t.db.select().from(itemPhotos).where(eq(itemPhotos.uploaderId, alice.id));
    expect(unsaved).toHaveLength(LIMITS.photoUploadsPerDay);
  });
});

describe('GET /api/photos/:id', () => {
  it('refuses anonymous callers (401), even for an existing photo', async () => {
    const alice = await createUser(t.db);
    const id = await uploadedId(alice);
    const response = await getPhoto(null, id);
    expect(response.statusCode).toBe(401);
    expect(response.rawPayload.length).toBeLessThan(300);
    expect(errorCode(response)).toBe('authentication_required');
  });

  it('serves an unsaved photo to its uploader only, with safe headers', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const id = await uploadedId(alice);

    const response = await getPhoto(alice, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toBe(`"${id}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    const [blob] = await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, id));
    expect(response.rawPayload.equals(blob!.bytes)).toBe(true);

    const other = await getPhoto(bob, id);
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('not_found');
    expect(other.headers.etag).toBeUndefined();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const alice = await createUser(t.db);
    expect((await getPhoto(alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getPhoto(alice, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('serves a photo without the EXIF and GPS position it was uploaded with', async () => {
    const alice = await createUser(t.db);
    const withGps = await sharp(jpeg)
      .withExif({ IFD0: { Model: 'Serial-777' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const response = await getPhoto(alice, await uploadedId(alice, withGps));
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).exif).toBeUndefined();
    expect(response.rawPayload.toString('latin1')).not.toContain('Serial-777');
  });

  describe('once saved with an item', () => {
    const sharedPhoto = () => photos.sharedPhoto(jpeg);

    it('is listed with the item and served to the owner and a ticked contact, not a stranger', async () => {
      const { alice, bob, dave, photoId, itemId } = await sharedPhoto();
      const details = await t.request(bob, { method: 'GET', url: `/api/items/${itemId}` });
      expect(details.json()).toMatchObject({ photos: [{ id: photoId, url: `/api/photos/${photoId}` }] });

      expect((await getPhoto(alice, photoId)).statusCode).toBe(200);
      const forBob = await getPhoto(bob, photoId);
      expect(forBob.statusCode).toBe(200);
      expect(forBob.headers['content-type']).toBe('image/webp');
      expect((await getPhoto(dave, photoId)).statusCode).toBe(404);
    });

    it('is hidden at once when the owner removes the contact, even from a cached copy', async () => {
      const { alice, bob, contact, photoId } = await sharedPhoto();
      const first = await getPhoto(bob, photoId);
      const etag = first.headers.etag as string;

      const revalidated = await getPhoto(bob, photoId, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe('private, no-cache');
      expect((await getPhoto(bob, photoId, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
      expect((await getPhoto(bob, photoId, { 'if-none-match': '"other"' })).statusCode).toBe(200);

      const removed = await t.request(alice, { method: 'DELETE', url: `/api/contacts/${alice.id}/${contact.id}` });
      expect(removed.statusCode).toBe(204);
      expect((await getPhoto(bob, photoId)).statusCode).toBe(404);
      const cached = await getPhoto(bob, photoId, { 'if-none-match': etag });
      expect(cached.statusCode).toBe(404);
      expect(cached.headers.etag).toBeUndefined();
      // Nor may the browser keep the 404: Alice may tick Bob again.
      expect(cached.headers['cache-control']).toBe('private, no-cache');
      expect((await getPhoto(alice, photoId, { 'if-none-match': etag })).statusCode).toBe(304);
    });

    it('is hidden when "Can see" is unticked', async () => {
      const { alice, bob, photoId, itemId } = await sharedPhoto();
      await t.request(alice, { method: 'DELETE', url: `/api/permissions/${itemId}/${bob.id}` });
      expect((await getPhoto(bob, photoId)).statusCode).toBe(404);
    });

    it('answers a stranger 404 whatever If-None-Match says', async () => {
      const { dave, photoId } = await sharedPhoto();
      expect((await getPhoto(dave, photoId, { 'if-none-match': `"${photoId}"` })).statusCode).toBe(404);
      expect((await getPhoto(dave, photoId, { 'if-none-match': '*' })).statusCode).toBe(404);
    });

    it('follows a group share: a member sees it until they leave', async () => {
      const alice = await createUser(t.db);
      const carol = await createUser(t.db);
      const group = await createGroup(t.db, alice);
      await addMember(t.db, group, carol);
      const photoId = await uploadedId(alice);
      const itemId = await createItemWithPhotos(alice, [photoId]);
      await shareWithGroup(t.db, { id: itemId }, group);

      expect((await getPhoto(carol, photoId)).statusCode).toBe(200);
      await t.db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, carol.id)));
      expect((await getPhoto(carol, photoId)).statusCode).toBe(404);
    });

    it('is gone with its bytes when the item is deleted or the photo left out of the form', async () => {
      const { alice, bob, photoId, itemId } = await sharedPhoto();
      const second = await uploadedId(alice);
      const put = await t.request(alice, {
        method: 'PUT',
        url: `/api/items/${itemId}`,
        payload: { name: 'Drill', category: 'tools', photoIds: [second] },
      });
      expect(put.statusCode).toBe(200);
      expect((await getPhoto(alice, photoId)).statusCode).toBe(404);
      expect(await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, photoId))).toEqual([]);
      expect((await getPhoto(bob, second)).statusCode).toBe(200);

      const deleted = await t.request(alice, { method: 'DELETE', url: `/api/items/${itemId}` });
      expect(deleted.statusCode).toBe(204);
      expect((await getPhoto(alice, second)).statusCode).toBe(404);
      expect((await getPhoto(bob, second)).statusCode).toBe(404);
      expect(await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, second))).toEqual([]);
    });
  });
});

describe('photoIds in POST /api/items', () => {
  it('refuses someone else’s unsaved photo with 422 photo_not_available and leaves it unattached', async () => {
    const alice = await createUser(t.db);
    const mallory = await createUser(t.db);
    const alicesPhoto = await uploadedId(alice);
    const response = await t.request(mallory, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Drill', category: 'tools', photoIds: [alicesPhoto] },
    });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('photo_not_available');
    const [row] = await t.db.select().from(itemPhotos).where(eq(itemPhotos.id, alicesPhoto));
    expect(row!.itemId).toBeNull();
    expect((await getPhoto(mallory, alicesPhoto)).statusCode).toBe(404);
  });

  it(`refuses more than ${LIMITS.photosPerItemMax} photos with 400`, async () => {
    const alice = await createUser(t.db);
    const ids = (await insertUnsavedPhotos(alice, LIMITS.photosPerItemMax + 1)).map(({ id }) => id);
    const response = await t.request(alice, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Drill', category: 'tools', photoIds: ids },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'invalid_input', issues: [{ path: 'photoIds', messageKey: 'validation.tooManyPhotos' }] },
    });

    const atMost = await t.request(alice, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Drill', category: 'tools', photoIds: ids.slice(0, LIMITS.photosPerItemMax) },
    });
    expect(atMost.statusCode).toBe(201);
  });
});
