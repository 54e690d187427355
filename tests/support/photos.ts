import { expect } from 'vitest';
import type { TestApp } from './app';
import { createContact, createUser } from './factories';

/*
 * Test support for the photo tests (imported only by *.test.ts): uploading,
 * fetching and saving photos with an item as one person, through the test app.
 */

export type User = { id: string };

export function photoCalls(t: () => TestApp) {
  const upload = (user: User | null, body: Buffer | string, contentType = 'image/jpeg') =>
    t().request(user, { method: 'POST', url: '/api/photos', headers: { 'content-type': contentType }, body });

  async function uploadedId(user: User, body: Buffer): Promise<string> {
    const response = await upload(user, body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** GET /api/photos/{id}: the full image. */
  const getPhoto = (user: User | null, id: string, headers: Record<string, string> = {}) =>
    t().request(user, { method: 'GET', url: `/api/photos/${id}`, headers });

  /** GET /api/photos/{id}?size=card: the copy item cards show. */
  const getCard = (user: User | null, id: string, headers: Record<string, string> = {}) =>
    t().request(user, { method: 'GET', url: `/api/photos/${id}?size=card`, headers });

  async function createItemWithPhotos(owner: User, photoIds: string[]): Promise<string> {
    const response = await t().request(owner, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Drill', category: 'tools', photoIds },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** Alice's item with one photo (`body`), shown to her registered contact Bob; Dave is a stranger. */
  async function sharedPhoto(body: Buffer) {
    const alice = await createUser(t().db, { name: 'Alice' });
    const bob = await createUser(t().db, { name: 'Bob' });
    const dave = await createUser(t().db, { name: 'Dave' });
    const contact = await createContact(t().db, alice, { contactUserId: bob.id });
    const photoId = await uploadedId(alice, body);
    const itemId = await createItemWithPhotos(alice, [photoId]);
    const share = await t().request(alice, {
      method: 'POST',
      url: '/api/permissions',
      payload: { itemId, contactUserId: bob.id, canView: true },
    });
    expect(share.statusCode).toBe(204);
    return { alice, bob, dave, contact, photoId, itemId };
  }

  return { upload, uploadedId, getPhoto, getCard, createItemWithPhotos, sharedPhoto };
}

export const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string } }).error.code;
