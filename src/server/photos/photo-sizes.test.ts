import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { LIMITS } from '../../contract/limits';
import { photoBlobs } from '../db/schema';
import { errorCode, photoCalls } from '../../../tests/support/photos';

/*
 * GET /api/photos/{id}?size=card: the smaller copy item cards show
 * (docs/decisions/0009-items-and-photos.md, amendment), behind the same
 * check as the full image.
 */

let t: TestApp;
/** Larger than a card, so the upload gets a card copy of its own. */
let large: Buffer;
/** Already card-sized: the full image is the card. */
let small: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  large = await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();
  small = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const { getPhoto, getCard, uploadedId, sharedPhoto } = photoCalls(() => t);

async function blobOf(photoId: string) {
  const [blob] = await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, photoId));
  if (!blob) throw new Error(`No bytes stored for photo ${photoId}`);
  return blob;
}

describe('GET /api/photos/:id?size=card', () => {
  it('serves the card copy with its own length and ETag; without size, the full image as before', async () => {
    const alice = await createUser(t.db);
    const id = await uploadedId(alice, large);
    const blob = await blobOf(id);
    expect(blob.cardBytes).not.toBeNull();

    const card = await getCard(alice, id);
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.equals(blob.cardBytes!)).toBe(true);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: LIMITS.photoCardMaxPx,
      height: 600,
    });
    expect(card.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'private, no-cache',
      etag: `"${id}-card"`,
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });

    const full = await getPhoto(alice, id);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(blob.bytes)).toBe(true);
    expect(full.headers.etag).toBe(`"${id}"`);
    expect(Number(card.headers['content-length'])).toBeLessThan(Number(full.headers['content-length']));
    expect(Number(card.headers['content-length'])).toBe(blob.cardBytes!.length);

    const explicitFull = await t.request(alice, { method: 'GET', url: `/api/photos/${id}?size=full` });
    expect(explicitFull.rawPayload.equals(blob.bytes)).toBe(true);
    expect(explicitFull.headers.etag).toBe(`"${id}"`);
  });

  it('revalidates each size against its own ETag', async () => {
    const alice = await createUser(t.db);
    const id = await uploadedId(alice, large);
    expect((await getCard(alice, id, { 'if-none-match': `"${id}-card"` })).statusCode).toBe(304);
    // The full image's tag does not vouch for the card, nor the card's for the full image.
    expect((await getCard(alice, id, { 'if-none-match': `"${id}"` })).statusCode).toBe(200);
    expect((await getPhoto(alice, id, { 'if-none-match': `"${id}-card"` })).statusCode).toBe(200);
    expect((await getPhoto(alice, id, { 'if-none-match': `"${id}"` })).statusCode).toBe(304);
  });

  it('serves the full image as the card when there is no card copy (card-sized, or stored before cards had one)', async () => {
    const alice = await createUser(t.db);
    const smallId = await uploadedId(alice, small);
    const smallBlob = await blobOf(smallId);
    expect(smallBlob.cardBytes).toBeNull();
    const smallCard = await getCard(alice, smallId);
    expect(smallCard.statusCode).toBe(200);
    expect(smallCard.rawPayload.equals(smallBlob.bytes)).toBe(true);
    expect(smallCard.headers.etag).toBe(`"${smallId}-card"`);

    // A photo stored before migration 0007: its row has no card bytes.
    const olderId = await uploadedId(alice, large);
    await t.db.update(photoBlobs).set({ cardBytes: null }).where(eq(photoBlobs.photoId, olderId));
    const olderCard = await getCard(alice, olderId);
    expect(olderCard.statusCode).toBe(200);
    expect(olderCard.rawPayload.equals((await blobOf(olderId)).bytes)).toBe(true);
  });

  it.each([
    ['an unknown size', '?size=thumb'],
    ['an empty size', '?size='],
    ['two sizes', '?size=card&size=full'],
  ])('refuses %s with 400 invalid_input', async (_name, query) => {
    const alice = await createUser(t.db);
    const id = await uploadedId(alice, large);
    const response = await t.request(alice, { method: 'GET', url: `/api/photos/${id}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'invalid_input', issues: [{ path: 'size', messageKey: 'errors.invalid_input' }] },
    });
  });

  it('refuses anonymous callers (401) before looking at the size', async () => {
    const alice = await createUser(t.db);
    const id = await uploadedId(alice, large);
    const card = await getCard(null, id);
    expect(card.statusCode).toBe(401);
    expect(errorCode(card)).toBe('authentication_required');
    const bad = await t.request(null, { method: 'GET', url: `/api/photos/${id}?size=thumb` });
    expect(bad.statusCode).toBe(401);
  });

  it('serves the card to the owner and a ticked contact, not to a stranger or a removed contact', async () => {
    const { alice, bob, dave, contact, photoId } = await sharedPhoto(large);
    expect((await getCard(alice, photoId)).statusCode).toBe(200);
    const forBob = await getCard(bob, photoId);
    expect(forBob.statusCode).toBe(200);
    expect(forBob.rawPayload.equals((await blobOf(photoId)).cardBytes!)).toBe(true);

    const forDave = await getCard(dave, photoId);
    expect(forDave.statusCode).toBe(404);
    expect(errorCode(forDave)).toBe('not_found');
    expect(forDave.headers.etag).toBeUndefined();
    expect((await getCard(dave, photoId, { 'if-none-match': `"${photoId}-card"` })).statusCode).toBe(404);

    const removed = await t.request(alice, { method: 'DELETE', url: `/api/contacts/${alice.id}/${contact.id}` });
    expect(removed.statusCode).toBe(204);
    const cached = await getCard(bob, photoId, { 'if-none-match': `"${photoId}-card"` });
    expect(cached.statusCode).toBe(404);
    expect(cached.headers['cache-control']).toBe('private, no-cache');
  });

  it('serves an unsaved photo’s card to its uploader only, and deletes the card with its item', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const id = await uploadedId(alice, large);
    expect((await getCard(alice, id)).statusCode).toBe(200);
    expect((await getCard(bob, id)).statusCode).toBe(404);

    const shared = await sharedPhoto(large);
    const deleted = await t.request(shared.alice, { method: 'DELETE', url: `/api/items/${shared.itemId}` });
    expect(deleted.statusCode).toBe(204);
    expect((await getCard(shared.alice, shared.photoId)).statusCode).toBe(404);
    expect(await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, shared.photoId))).toEqual([]);
  });
});
