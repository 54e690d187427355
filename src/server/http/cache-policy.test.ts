import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItemPhoto, createUserPhoto } from '../../../tests/support/account-factories';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createMessage, createUser } from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on answers that carry personal data', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await createItem(t.db, alice);
    await createContact(t.db, alice, { contactUserId: bob.id });
    await createMessage(t.db, bob, alice);

    for (const url of [
      '/api/auth/user',
      '/api/items/my',
      `/api/conversations/${alice.id}`,
      `/api/conversations/${alice.id}/${bob.id}`,
      '/api/contacts',
    ]) {
      const response = await t.request(alice, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on error answers: 401, 403, 404 and an unknown route', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const answers = [
      await t.request(null, { method: 'GET', url: '/api/auth/user' }),
      await t.request(alice, { method: 'GET', url: `/api/conversations/${bob.id}` }),
      await t.request(alice, { method: 'GET', url: `/api/items/${randomUUID()}` }),
      await t.request(alice, { method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([401, 403, 404, 404]);
    for (const response of answers) {
      expect(response.json().error.code).toBeTypeOf('string');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('is no-store on redirects of the sign-in routes', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/logout' });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves photos their private revalidation, also for their 304 and 404', async () => {
    const alice = await createUser(t.db);
    const item = await createItem(t.db, alice);
    const itemPhoto = await createItemPhoto(t.db, item);
    await createUserPhoto(t.db, alice);

    for (const url of [`/api/photos/${itemPhoto.id}`, `/api/users/${alice.id}/photo`]) {
      const first = await t.request(alice, { method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const again = await t.request(alice, {
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.headers['cache-control'], url).toBe('private, no-cache');
    }
    const missing = await t.request(alice, { method: 'GET', url: `/api/photos/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-cache');
  });

  it('leaves the account export its own header', async () => {
    const alice = await createUser(t.db);
    const response = await t.request(alice, { method: 'POST', url: `/api/gdpr/export/${alice.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
