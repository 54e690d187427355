import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createMessage, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { LIMITS } from '../../contract/limits';
import { contacts, groupMembers, userPhotos, users } from '../db/schema';
import { errorCode } from '../../../tests/support/photos';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { PROFILE_PHOTO_UPLOADS_PER_HOUR } from './profile-photo';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

type Person = { id: string };
type PresentedUser = { id: string; profileImageUrl: string | null };

const upload = (user: Person | null, body: Buffer | string, contentType = 'image/jpeg', headers = {}) =>
  t.request(user, {
    method: 'PUT',
    url: '/api/users/profile/photo',
    headers: { 'content-type': contentType, ...headers },
    body,
  });
const removePhoto = (user: Person | null) => t.request(user, { method: 'DELETE', url: '/api/users/profile/photo' });
const getPhoto = (viewer: Person | null, owner: Person, headers: Record<string, string> = {}) =>
  t.request(viewer, { method: 'GET', url: `/api/users/${owner.id}/photo`, headers });
const photoRows = (user: Person) => t.db.select().from(userPhotos).where(eq(userPhotos.userId, user.id));

async function withPhoto(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t.db, overrides);
  const response = await upload(user, jpeg);
  expect(response.statusCode).toBe(200);
  return { ...user, photoUrl: response.json<PresentedUser>().profileImageUrl! };
}

describe('PUT /api/users/profile/photo', () => {
  it('refuses anonymous callers (401), before reading even an over-size body', async () => {
    const response = await upload(null, jpeg);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('authentication_required');
    expect((await upload(null, Buffer.alloc(LIMITS.photoUploadMaxBytes + 1))).statusCode).toBe(401);
  });

  it('refuses another origin', async () => {
    const alice = await createUser(t.db);
    const response = await upload(alice, jpeg, 'image/jpeg', { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(await photoRows(alice)).toEqual([]);
  });

  it('stores a centred WebP square of LIMITS.profilePhotoPx and answers the user with its URL', async () => {
    const alice = await createUser(t.db);
    // Red | blue | green thirds: the centred square is the blue third.
    const thirds = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 400, height: 400, channels: 3, background: '#0000ff' } }, left: 400, top: 0 },
        { input: { create: { width: 400, height: 400, channels: 3, background: '#00ff00' } }, left: 800, top: 0 },
      ])
      .png()
      .toBuffer();
    const response = await upload(alice, thirds, 'image/png');
    expect(response.statusCode).toBe(200);
    const [row] = await photoRows(alice);
    expect(row).toMatchObject({
      contentType: 'image/webp',
      width: LIMITS.profilePhotoPx,
      height: LIMITS.profilePhotoPx,
    });
    expect(row!.byteSize).toBe(row!.bytes.length);
    const user = response.json<PresentedUser>();
    expect(user).toMatchObject({ id: alice.id, profileImageUrl: `/api/users/${alice.id}/photo?v=${row!.id}` });

    const { data, info } = await sharp(row!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: LIMITS.profilePhotoPx, height: LIMITS.profilePhotoPx });
    for (const x of [2, LIMITS.profilePhotoPx - 3]) {
      const [red, green, blue] = data.subarray((x + 2 * info.width) * info.channels);
      expect([red! < 40, green! < 40, blue! > 200]).toEqual([true, true, true]);
    }

    const me = await t.request(alice, { method: 'GET', url: '/api/auth/user' });
    expect(me.json<PresentedUser>().profileImageUrl).toBe(user.profileImageUrl);
  });

  it('replaces the photo: one row, a new id and so a new URL', async () => {
    const alice = await withPhoto();
    const [first] = await photoRows(alice);
    const png = await sharp({ create: { width: 50, height: 80, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const response = await upload(alice, png, 'image/png');
    expect(response.statusCode).toBe(200);
    const rows = await photoRows(alice);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(first!.id);
    // Smaller than the stored size: cropped square, not enlarged.
    expect(rows[0]).toMatchObject({ width: 50, height: 50 });
    expect(response.json<PresentedUser>().profileImageUrl).toBe(`/api/users/${alice.id}/photo?v=${rows[0]!.id}`);
    expect(response.json<PresentedUser>().profileImageUrl).not.toBe(alice.photoUrl);
  });

  it('keeps one row and a URL naming it under parallel uploads', async () => {
    const alice = await createUser(t.db);
    const responses = await Promise.all(Array.from({ length: 4 }, () => upload(alice, jpeg)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await photoRows(alice);
    expect(rows).toHaveLength(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id));
    expect(row!.profileImageUrl).toBe(`/api/users/${alice.id}/photo?v=${rows[0]!.id}`);
  });

  it('strips EXIF with GPS position and camera serial', async () => {
    const alice = await createUser(t.db);
    const withGps = await sharp(jpeg)
      .withExif({ IFD0: { Model: 'Serial-777' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    expect((await upload(alice, withGps)).statusCode).toBe(200);
    const response = await getPhoto(alice, alice);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).exif).toBeUndefined();
    expect(response.rawPayload.toString('latin1')).not.toContain('Serial-777');
  });

  it.each([
    ['text', 'hello', 'text/plain'],
    ['JSON', '{"image":"data:image/png;base64,AAAA"}', 'application/json'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
    ['SVG declared as PNG', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png'],
    ['a fake PNG (magic bytes, then junk)', '\x89PNG\r\n\x1a\n this is not an image at all', 'image/png'],
    ['a fake JPEG (magic bytes, then HTML)', '\xff\xd8\xff<html><script>alert(1)</script></html>', 'image/jpeg'],
  ])('refuses %s with 415 invalid_image_format and stores nothing', async (_name, body, contentType) => {
    const alice = await createUser(t.db);
    const response = await upload(alice, Buffer.from(body, 'latin1'), contentType);
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('invalid_image_format');
    expect(await photoRows(alice)).toEqual([]);
  });

  it('refuses a JPEG declared as PNG and an empty body with 415', async () => {
    const alice = await createUser(t.db);
    expect(errorCode(await upload(alice, jpeg, 'image/png'))).toBe('invalid_image_format');
    const empty = await t.request(alice, { method: 'PUT', url: '/api/users/profile/photo' });
    expect(empty.statusCode).toBe(415);
    expect(await photoRows(alice)).toEqual([]);
  });

  it('refuses a pixel bomb from its header with 413 image_too_large', async () => {
    const alice = await createUser(t.db);
    // A tiny PNG whose header claims 30000×30000 pixels (3.6 GB once decoded).
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const response = await upload(alice, bomb, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe('image_too_large');
    expect(await photoRows(alice)).toEqual([]);
  });

  it('answers 413 image_too_large above LIMITS.photoUploadMaxBytes', async () => {
    const alice = await createUser(t.db);
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(LIMITS.photoUploadMaxBytes + 1 - jpeg.length)]);
    const response = await upload(alice, tooBig);
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe('image_too_large');
    expect(await photoRows(alice)).toEqual([]);
  });

  it('limits uploads per account and hour (429)', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    for (let i = 0; i < PROFILE_PHOTO_UPLOADS_PER_HOUR - 1; i++) {
      await consumeRateLimit(t.db, { key: `profile-photo:${alice.id}`, max: 1000, windowSeconds: 60 * 60 });
    }
    expect((await upload(alice, jpeg)).statusCode).toBe(200);
    const refused = await upload(alice, jpeg);
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('too_many_requests');
    expect((await upload(bob, jpeg)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/profile/photo', () => {
  it('refuses anonymous callers (401)', async () => {
    expect((await removePhoto(null)).statusCode).toBe(401);
  });

  it('removes only the actor’s photo and answers the user without one; again is fine', async () => {
    const alice = await withPhoto();
    const bob = await withPhoto();
    const response = await removePhoto(alice);
    expect(response.statusCode).toBe(200);
    expect(response.json<PresentedUser>()).toMatchObject({ id: alice.id, profileImageUrl: null });
    expect(await photoRows(alice)).toEqual([]);
    expect((await getPhoto(alice, alice)).statusCode).toBe(404);
    expect(await photoRows(bob)).toHaveLength(1);
    expect((await removePhoto(alice)).statusCode).toBe(200);
  });
});

describe('GET /api/users/:userId/photo', () => {
  it('refuses anonymous callers (401)', async () => {
    const alice = await withPhoto();
    const response = await getPhoto(null, alice);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('authentication_required');
  });

  it('serves the person their own photo with safe headers, and 304 for the current copy', async () => {
    const alice = await withPhoto();
    const [row] = await photoRows(alice);
    const response = await getPhoto(alice, alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBe(`"${row!.id}"`);
    expect(response.rawPayload.equals(row!.bytes)).toBe(true);
    // The URL the presenter gives works as it is.
    expect((await t.request(alice, { method: 'GET', url: alice.photoUrl })).statusCode).toBe(200);

    const again = await getPhoto(alice, alice, { 'if-none-match': `"${row!.id}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await getPhoto(alice, alice, { 'if-none-match': '"old"' })).statusCode).toBe(200);
  });

  it('serves it to people in her address book, a group co-member and a conversation partner', async () => {
    const alice = await withPhoto();
    const [inHers, member, partner] = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    await createContact(t.db, alice, { contactUserId: inHers!.id });
    const group = await createGroup(t.db, alice);
    await addMember(t.db, group, member!);
    await createMessage(t.db, partner!, alice);
    for (const viewer of [inHers!, member!, partner!]) {
      expect((await getPhoto(viewer, alice)).statusCode).toBe(200);
    }
  });

  it('refuses someone who only added her by username, until she adds them back', async () => {
    const alice = await withPhoto();
    const collector = await createUser(t.db);
    await createContact(t.db, collector, { contactUserId: alice.id });
    expect((await getPhoto(collector, alice)).statusCode).toBe(404);
    const listed = await t.request(collector, { method: 'GET', url: '/api/contacts' });
    expect(listed.json<{ user: { photoUrl: string | null } | null }[]>()[0]?.user?.photoUrl).toBeNull();

    await createContact(t.db, alice, { contactUserId: collector.id });
    expect((await getPhoto(collector, alice)).statusCode).toBe(200);
    const mutual = await t.request(collector, { method: 'GET', url: '/api/contacts' });
    expect(mutual.json<{ user: { photoUrl: string | null } | null }[]>()[0]?.user?.photoUrl).toBe(alice.photoUrl);
  });

  it('answers a stranger 404, as for a person without a photo, and drops a removed relation at once', async () => {
    const alice = await withPhoto();
    const withoutPhoto = await createUser(t.db);
    const stranger = await createUser(t.db);
    const refused = await getPhoto(stranger, alice);
    expect(refused.statusCode).toBe(404);
    expect(errorCode(refused)).toBe('not_found');
    expect(refused.headers.etag).toBeUndefined();
    expect(refused.headers['cache-control']).toBe('private, no-cache');
    await createContact(t.db, alice, { contactUserId: withoutPhoto.id });
    expect(errorCode(await getPhoto(alice, withoutPhoto))).toBe('not_found');

    const friend = await createUser(t.db);
    const [row] = await photoRows(alice);
    const contact = await createContact(t.db, alice, { contactUserId: friend.id });
    expect((await getPhoto(friend, alice)).statusCode).toBe(200);
    await t.db.delete(contacts).where(eq(contacts.id, contact.id));
    // Not even a revalidation of the copy the browser holds.
    expect((await getPhoto(friend, alice, { 'if-none-match': `"${row!.id}"` })).statusCode).toBe(404);
  });

  it('shows no photo of a deleted account’s stand-in, even to people related to it', async () => {
    const alice = await withPhoto();
    const bob = await createUser(t.db);
    await createMessage(t.db, alice, bob);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, alice.id));
    expect((await getPhoto(bob, alice)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown person and 400 for a malformed id', async () => {
    const alice = await createUser(t.db);
    expect((await getPhoto(alice, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await getPhoto(alice, { id: 'not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('the avatar elsewhere', () => {
  it('a mutual contact’s linked user carries their photo URL (null without one)', async () => {
    const alice = await createUser(t.db);
    const bob = await withPhoto();
    const carol = await createUser(t.db);
    await createContact(t.db, alice, { contactUserId: bob.id, name: 'Bob' });
    await createContact(t.db, alice, { contactUserId: carol.id, name: 'Carol' });
    await createContact(t.db, bob, { contactUserId: alice.id });
    await createContact(t.db, carol, { contactUserId: alice.id });
    const response = await t.request(alice, { method: 'GET', url: '/api/contacts' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ name: string; user: { photoUrl: string | null } | null }[]>();
    expect(list.map((c) => [c.name, c.user?.photoUrl])).toEqual([
      ['Bob', bob.photoUrl],
      ['Carol', null],
    ]);
    expect((await getPhoto(alice, bob)).statusCode).toBe(200);
  });

  it('group members carry their photo URL', async () => {
    const alice = await withPhoto();
    const bob = await createUser(t.db);
    const group = await createGroup(t.db, alice);
    await addMember(t.db, group, bob);
    const response = await t.request(bob, { method: 'GET', url: `/api/groups/${group.id}` });
    expect(response.statusCode).toBe(200);
    const members = response.json<{ members: { userId: string; user: { photoUrl: string | null } }[] }>().members;
    expect(Object.fromEntries(members.map((m) => [m.userId, m.user.photoUrl]))).toEqual({
      [alice.id]: alice.photoUrl,
      [bob.id]: null,
    });
    await t.db.delete(groupMembers).where(eq(groupMembers.userId, bob.id));
    expect((await getPhoto(bob, alice)).statusCode).toBe(404);
  });
});
