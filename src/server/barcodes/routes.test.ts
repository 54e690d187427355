import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import type { CreatedFromBarcode } from '../../contract/schemas/item-creation';
import { itemPhotos, items } from '../db/schema';
import { BARCODE_ITEMS_PER_HOUR } from './create-item-from-barcode';
import { FAKE_ISBNS, startFakeOpenLibrary, type FakeOpenLibrary } from './fake-open-library';

// The fake stands in for Open Library, a third-party API outside our walls (see fake-open-library.ts).
let fake: FakeOpenLibrary;
/** ISBN_LOOKUP_URL and ISBN_COVER_URL point at the fake. */
let t: TestApp;
/** No book service configured. */
let offline: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenLibrary();
  [t, offline] = await Promise.all([
    createTestApp({ ISBN_LOOKUP_URL: fake.url, ISBN_COVER_URL: fake.url }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), offline.close(), fake.close()]);
});

type User = { id: string };
const scan = (app: TestApp, user: User | null, payload: Record<string, string>, headers: Record<string, string> = {}) =>
  app.request(user, { method: 'POST', url: '/api/items/from-barcode', payload, headers });

async function created(app: TestApp, user: User, code: string, language = 'en'): Promise<CreatedFromBarcode> {
  const response = await scan(app, user, { code, language });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedFromBarcode>();
}

const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; issues?: { path: string; messageKey: string }[] } }).error;

describe('POST /api/items/from-barcode', () => {
  it('refuses anonymous callers (401) and asks nothing', async () => {
    const before = fake.requests.length;
    const response = await scan(t, null, { code: FAKE_ISBNS.found, language: 'en' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('authentication_required');
    expect(fake.requests.length).toBe(before);
  });

  it('refuses another origin (403) and creates nothing', async () => {
    const alice = await createUser(t.db);
    const response = await scan(
      t,
      alice,
      { code: '4006381333931', language: 'en' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('cross_origin_refused');
    expect(await t.db.select().from(items).where(eq(items.ownerId, alice.id))).toEqual([]);
  });

  it('creates a found book for the caller: title, authors and ISBN, the cover as its photo (201)', async () => {
    const alice = await createUser(t.db);
    const answer = await created(t, alice, FAKE_ISBNS.found);
    expect(answer).toMatchObject({ kind: 'isbn', found: true });
    expect(answer.item).toMatchObject({
      userId: alice.id,
      name: 'The Art of Fake Books',
      description: `by Ada Lovelace and Charles Babbage · ISBN ${FAKE_ISBNS.found}`,
      category: 'books',
      status: 'available',
    });
    expect(answer.item.photos).toHaveLength(1);

    // The cover went through the photo pipeline: stored re-encoded as WebP, readable by its owner only.
    const photoUrl = answer.item.photos[0]?.url ?? '';
    const photo = await t.request(alice, { method: 'GET', url: photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const meta = await sharp(photo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 450]);
    const stranger = await createUser(t.db);
    expect((await t.request(stranger, { method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await t.request(stranger, { method: 'GET', url: `/api/items/${answer.item.id}` })).statusCode).toBe(404);
    const mine = await t.request(alice, { method: 'GET', url: '/api/items/my' });
    expect(mine.json<{ id: string }[]>().map((item) => item.id)).toEqual([answer.item.id]);
  });

  it('writes the description in the language the person scans in', async () => {
    const bruno = await createUser(t.db, { language: 'de' });
    expect((await created(t, bruno, FAKE_ISBNS.found, 'de')).item.description).toBe(
      `von Ada Lovelace und Charles Babbage · ISBN ${FAKE_ISBNS.found}`,
    );
    expect((await created(t, bruno, FAKE_ISBNS.found, 'fr')).item.description).toBe(
      `par Ada Lovelace et Charles Babbage · ISBN ${FAKE_ISBNS.found}`,
    );
    expect((await created(t, bruno, FAKE_ISBNS.found, 'it')).item.description).toBe(
      `di Ada Lovelace e Charles Babbage · ISBN ${FAKE_ISBNS.found}`,
    );
  });

  it('reads an ISBN-10 as the same book by its ISBN-13', async () => {
    const alice = await createUser(t.db);
    const answer = await created(t, alice, '0306406152');
    expect(answer).toMatchObject({ kind: 'isbn', found: true, item: { name: 'The Art of Fake Books' } });
    expect(answer.item.description).toContain(`ISBN ${FAKE_ISBNS.found}`);
  });

  it('creates a neutral book with the ISBN when the service does not know it, or fails (found: false)', async () => {
    const alice = await createUser(t.db);
    const unknown = await created(t, alice, FAKE_ISBNS.notFound, 'it');
    expect(unknown).toMatchObject({ kind: 'isbn', found: false });
    expect(unknown.item).toMatchObject({
      name: `Libro ${FAKE_ISBNS.notFound}`,
      description: `ISBN ${FAKE_ISBNS.notFound}`,
      category: 'books',
      photos: [],
    });
    const failing = await created(t, alice, FAKE_ISBNS.malformed);
    expect(failing).toMatchObject({ kind: 'isbn', found: false, item: { name: `Book ${FAKE_ISBNS.malformed}` } });
  });

  it('asks no service when ISBN_LOOKUP_URL is unset', async () => {
    const alice = await createUser(offline.db);
    const before = fake.requests.length;
    const answer = await created(offline, alice, FAKE_ISBNS.found, 'fr');
    expect(answer).toMatchObject({ kind: 'isbn', found: false });
    expect(answer.item).toMatchObject({ name: `Livre ${FAKE_ISBNS.found}`, category: 'books', photos: [] });
    expect(fake.requests.length).toBe(before);
  });

  it('creates a product in category other for any other code, named in the person’s language', async () => {
    const alice = await createUser(t.db);
    const before = fake.requests.length;
    const ean = await created(t, alice, '4006381333931', 'de');
    expect(ean).toMatchObject({ kind: 'product', found: false });
    expect(ean.item).toMatchObject({
      name: 'Produkt 4006381333931',
      description: 'Strichcode 4006381333931',
      category: 'other',
      photos: [],
    });
    expect((await created(t, alice, '036000291452', 'fr')).item.description).toBe('Code-barres 036000291452');
    expect((await created(t, alice, '96385074', 'it')).item.name).toBe('Prodotto 96385074');
    expect(fake.requests.length).toBe(before);
  });

  it('says when one of the person’s items already has the code (an ISBN-10 as its ISBN-13), and only theirs (issue 33)', async () => {
    const [alice, bob] = [await createUser(t.db), await createUser(t.db)];
    const first = await created(t, alice, FAKE_ISBNS.notFound);
    expect(first.alreadyListed).toBeNull();
    const again = await created(t, alice, FAKE_ISBNS.notFound);
    expect(again.alreadyListed).toEqual({ id: first.item.id, name: first.item.name });
    expect((await created(t, bob, FAKE_ISBNS.notFound)).alreadyListed).toBeNull();
    const product = await created(t, alice, '4006381333931');
    expect(product.alreadyListed).toBeNull();
    expect((await created(t, alice, '4006381333931')).alreadyListed).toMatchObject({ id: product.item.id });
  });

  it('refuses a code whose check digit does not match (400 on the code field) and creates nothing', async () => {
    const alice = await createUser(t.db);
    for (const code of ['9780306406158', '0306406153', '4006381333932', '12345678901']) {
      const response = await scan(t, alice, { code, language: 'en' });
      expect(response.statusCode, code).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'invalid_input',
        issues: [{ path: 'code', messageKey: 'validation.barcodeInvalid' }],
      });
    }
    const notDigits = await scan(t, alice, { code: 'DROP TABLE', language: 'en' });
    expect(notDigits.statusCode).toBe(400);
    expect(errorOf(notDigits).issues).toEqual([{ path: 'code', messageKey: 'validation.barcodeInvalid' }]);
    expect((await scan(t, alice, { code: '4006381333931', language: 'xx' })).statusCode).toBe(400);
    expect(await t.db.select().from(items).where(eq(items.ownerId, alice.id))).toEqual([]);
  });

  it(`allows ${BARCODE_ITEMS_PER_HOUR} items an hour per account, then 429 with Retry-After`, async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    for (let i = 0; i < BARCODE_ITEMS_PER_HOUR; i++) {
      expect((await scan(t, alice, { code: '4006381333931', language: 'en' })).statusCode).toBe(201);
    }
    const refused = await scan(t, alice, { code: '4006381333931', language: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_requests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(await t.db.select({ id: items.id }).from(items).where(eq(items.ownerId, alice.id))).toHaveLength(
      BARCODE_ITEMS_PER_HOUR,
    );
    // The budget is per account.
    expect((await scan(t, bob, { code: '4006381333931', language: 'en' })).statusCode).toBe(201);
  });

  it('stores the cover photo attached to the item, never as a loose upload', async () => {
    const alice = await createUser(t.db);
    const answer = await created(t, alice, FAKE_ISBNS.found);
    const rows = await t.db.select().from(itemPhotos).where(eq(itemPhotos.uploaderId, alice.id));
    expect(rows).toEqual([expect.objectContaining({ itemId: answer.item.id, position: 0, contentType: 'image/webp' })]);
  });
});
