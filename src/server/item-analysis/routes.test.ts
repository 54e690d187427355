import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { LIMITS } from '../../contract/limits';
import type { CreatedFromPhoto } from '../../contract/schemas/item-creation';
import { itemPhotos, items, photoBlobs, rateLimitCounters } from '../db/schema';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import {
  clockJpeg,
  gradientJpeg,
  jpegDataUrl,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../tests/support/analysis';
import { ANALYZE_BODY_LIMIT } from './routes';

type User = { id: string };

let fake: FakeOpenAi;
let t: TestApp;
let aiImage: string;
let displayImage: string;
let displayWithExif: Buffer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  // The configured endpoint is the fake (a third party's API, see tests/support/analysis.ts).
  t = await createTestApp({
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'test-key',
    AI_MODEL: 'fake-vision',
    AI_TIMEOUT_MS: '1500',
  });
  aiImage = jpegDataUrl(await gradientJpeg(128));
  displayWithExif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({
      IFD0: { Model: 'Serial-12345' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
    })
    .toBuffer();
  displayImage = jpegDataUrl(displayWithExif);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const drill = { name: 'Bohrmaschine', description: 'Akku-Bohrschrauber.', category: 'tools', confidence: 0.9 };

const analyzeAndCreate = (
  user: User | null,
  payload: object = { aiImage, displayImage, language: 'de' },
  headers: Record<string, string> = {},
) => t.request(user, { method: 'POST', url: '/api/items/analyze-and-create', payload, headers });

const errorCode = (response: { json: () => unknown }) => (response.json() as { error: { code: string } }).error.code;

async function itemCount(user: User): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(items).where(eq(items.ownerId, user.id));
  return row?.n ?? 0;
}

describe('POST /api/items/analyze-and-create', () => {
  it('refuses anonymous callers (401) before reading the body', async () => {
    const response = await analyzeAndCreate(null);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('authentication_required');
  });

  it('refuses another origin (403) and creates nothing', async () => {
    const alice = await createUser(t.db);
    fake.answerWith({ kind: 'json', body: drill });
    const response = await analyzeAndCreate(alice, undefined, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('cross_origin_refused');
    expect(await itemCount(alice)).toBe(0);
  });

  it('creates the item for the signed-in person with the photo, stored without EXIF (201)', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    fake.answerWith({ kind: 'json', body: drill });
    const response = await analyzeAndCreate(alice);
    expect(response.statusCode).toBe(201);
    const body = response.json<CreatedFromPhoto>();
    expect(body.analysis).toEqual({
      recognized: true,
      analyzer: 'openai-compatible',
      confidence: 0.9,
      category: 'tools',
      suggestion: null,
    });
    expect(body.item).toMatchObject({
      userId: alice.id,
      name: 'Bohrmaschine',
      description: 'Akku-Bohrschrauber.',
      category: 'tools',
      status: 'available',
      owner: { name: 'Alice' },
    });
    expect(body.item.photos).toHaveLength(1);

    const photoId = body.item.photos[0]!.id;
    const [photo] = await t.db.select().from(itemPhotos).where(eq(itemPhotos.id, photoId));
    expect(photo).toMatchObject({ itemId: body.item.id, uploaderId: alice.id, position: 0, width: 300, height: 200 });
    const [blob] = await t.db.select().from(photoBlobs).where(eq(photoBlobs.photoId, photoId));
    const stored = await sharp(blob!.bytes).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();

    // The analysis saw the small copy, not the display photo.
    expect(JSON.stringify(fake.requests.at(-1))).toContain(aiImage);
    const served = await t.request(alice, { method: 'GET', url: body.item.photos[0]!.url });
    expect(served.statusCode).toBe(200);
  });

  it('creates nothing when the analysis fails (502) or times out (504)', async () => {
    const bob = await createUser(t.db);
    fake.answerWith({ kind: 'content', content: 'not json' });
    const malformed = await analyzeAndCreate(bob);
    expect(malformed.statusCode).toBe(502);
    expect(malformed.json()).toMatchObject({
      error: { code: 'image_analysis_failed', messageKey: 'errors.image_analysis_failed' },
    });
    fake.answerWith({ kind: 'json', body: { ...drill, category: 'power tools' } });
    expect(errorCode(await analyzeAndCreate(bob))).toBe('image_analysis_failed');
    fake.answerWith({ kind: 'hang' });
    const slow = await analyzeAndCreate(bob);
    expect(slow.statusCode).toBe(504);
    expect(errorCode(slow)).toBe('image_analysis_timeout');

    expect(await itemCount(bob)).toBe(0);
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.uploaderId, bob.id))).toEqual([]);
  });

  it('refuses a data URL that is not a base64 JPEG (400/415) without calling the analyzer', async () => {
    const carol = await createUser(t.db);
    const before = fake.requests.length;
    const png = await analyzeAndCreate(carol, {
      aiImage: 'data:image/png;base64,iVBORw0KGgo=',
      displayImage,
      language: 'en',
    });
    expect(png.statusCode).toBe(400);
    expect(errorCode(png)).toBe('invalid_input');
    const script = await analyzeAndCreate(carol, { aiImage: 'javascript:alert(1)', displayImage, language: 'en' });
    expect(script.statusCode).toBe(400);
    // Well-formed base64 whose bytes are no JPEG: the photo hardening refuses it.
    const fakeJpeg = jpegDataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const notJpeg = await analyzeAndCreate(carol, { aiImage, displayImage: fakeJpeg, language: 'en' });
    expect(notJpeg.statusCode).toBe(415);
    expect(errorCode(notJpeg)).toBe('invalid_image_format');
    expect(fake.requests.length).toBe(before);
    expect(await itemCount(carol)).toBe(0);
  });

  it('refuses a truncated JPEG (415 invalid_image_format) without calling the analyzer or spending the allowance', async () => {
    const gina = await createUser(t.db);
    const before = fake.requests.length;
    const whole = await gradientJpeg(128);
    const truncated = jpegDataUrl(whole.subarray(0, Math.floor(whole.length / 2)));
    for (const payload of [
      { aiImage: truncated, displayImage, language: 'en' },
      { aiImage, displayImage: truncated, language: 'en' },
    ]) {
      const response = await analyzeAndCreate(gina, payload);
      expect(response.statusCode).toBe(415);
      expect(errorCode(response)).toBe('invalid_image_format');
    }
    expect(fake.requests.length).toBe(before);
    const counted = await t.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `photo-analysis:${gina.id}`));
    expect(counted).toEqual([]);
    expect(await itemCount(gina)).toBe(0);
  });

  it('refuses a body over the limit (413 image_too_large)', async () => {
    const dan = await createUser(t.db);
    const huge = `data:image/jpeg;base64,${'A'.repeat(ANALYZE_BODY_LIMIT)}`;
    const response = await analyzeAndCreate(dan, { aiImage: huge, displayImage, language: 'en' });
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe('image_too_large');
    expect(await itemCount(dan)).toBe(0);
  });

  it('allows LIMITS.photoAnalysesPerHour analyses per account and hour, then 429 with Retry-After', async () => {
    const erin = await createUser(t.db);
    for (let i = 0; i < LIMITS.photoAnalysesPerHour; i++) {
      await consumeRateLimit(t.db, { key: `photo-analysis:${erin.id}`, max: 1_000, windowSeconds: 60 * 60 });
    }
    fake.answerWith({ kind: 'json', body: drill });
    const response = await analyzeAndCreate(erin);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await itemCount(erin)).toBe(0);
    // Someone else's budget is their own.
    expect((await analyzeAndCreate(await createUser(t.db))).statusCode).toBe(201);
  });
});

describe('POST /api/items/analyze-and-create with the offline default', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp();
  });
  afterAll(() => offline.close());

  it('offers "Uhr" for the drawn clock but names it neutrally (a guess); a gradient is neutral with nothing to offer', async () => {
    const frank = await createUser(offline.db);
    const send = async (picture: Buffer) =>
      offline.request(frank, {
        method: 'POST',
        url: '/api/items/analyze-and-create',
        payload: { aiImage: jpegDataUrl(picture), displayImage: jpegDataUrl(picture), language: 'de' },
      });
    const clock = await send(await clockJpeg());
    expect(clock.statusCode).toBe(201);
    expect(clock.json<CreatedFromPhoto>()).toMatchObject({
      item: { name: 'Neuer Gegenstand', userId: frank.id, photos: [{ id: expect.any(String) }] },
      analysis: { recognized: false, analyzer: 'offline', category: 'other', suggestion: { name: 'Uhr' } },
    });
    const gradient = await send(await gradientJpeg());
    expect(gradient.statusCode).toBe(201);
    expect(gradient.json<CreatedFromPhoto>()).toMatchObject({
      item: { name: 'Neuer Gegenstand', description: '', category: 'other' },
      analysis: { recognized: false, analyzer: 'offline', category: 'other', suggestion: null },
    });
  }, 60_000);
});
