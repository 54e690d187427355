import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { isbnLookups } from '../db/schema/isbn-lookups';
import { cut, findBook, LOOKUP_RECHECK_MS } from './cached-isbn-lookup';
import {
  FAKE_BOOK,
  FAKE_ISBNS,
  startFakeOpenLibrary,
  TEST_COVER_MAX_BYTES,
  type FakeOpenLibrary,
} from './fake-open-library';
import { createOpenLibraryLookup } from './open-library-lookup';

// The fake stands in for Open Library, a third-party API outside our walls (see fake-open-library.ts).
let fake: FakeOpenLibrary;
let database: TestDatabase;
beforeAll(async () => {
  [fake, database] = await Promise.all([startFakeOpenLibrary(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([fake.close(), database.destroy()]);
});

const log = pino({ level: 'silent' });
const lookup = () =>
  createOpenLibraryLookup({
    baseUrl: new URL(fake.url),
    coverBaseUrl: new URL(fake.url),
    userAgent: 'Lendloop (test)',
    coverMaxBytes: TEST_COVER_MAX_BYTES,
  });
const find = (isbn: string, now?: Date) => findBook(database.db, lookup(), isbn, log, now);
const editionAsked = (isbn: string) => fake.requests.filter((path) => path === `/isbn/${isbn}.json`).length;
const cachedRow = async (isbn: string) =>
  (await database.db.select().from(isbnLookups).where(eq(isbnLookups.isbn, isbn)))[0];
const later = (ms: number) => new Date(Date.now() + ms);

describe('findBook (the PostgreSQL cache in front of the service)', () => {
  it('asks the service once: a second scan of the same book is answered from isbn_lookups, cover included', async () => {
    const first = await find(FAKE_ISBNS.found);
    expect(first).toMatchObject({ title: 'The Art of Fake Books', authors: FAKE_BOOK.authors });
    expect(editionAsked(FAKE_ISBNS.found)).toBe(1);
    const requestsBefore = fake.requests.length;

    const second = await find(FAKE_ISBNS.found);
    expect(fake.requests.length).toBe(requestsBefore);
    expect(second).toEqual(first);
    expect(second?.cover?.bytes.equals(first?.cover?.bytes ?? Buffer.alloc(0))).toBe(true);
    // A book with its cover is kept even after the recheck interval: a printed edition does not change.
    await find(FAKE_ISBNS.found, later(LOOKUP_RECHECK_MS * 2));
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it('remembers a miss and asks again only after the recheck interval', async () => {
    expect(await find(FAKE_ISBNS.notFound)).toBeNull();
    expect(await cachedRow(FAKE_ISBNS.notFound)).toMatchObject({ found: false, title: null });
    expect(await find(FAKE_ISBNS.notFound, later(LOOKUP_RECHECK_MS - 60_000))).toBeNull();
    expect(editionAsked(FAKE_ISBNS.notFound)).toBe(1);
    expect(await find(FAKE_ISBNS.notFound, later(LOOKUP_RECHECK_MS + 60_000))).toBeNull();
    expect(editionAsked(FAKE_ISBNS.notFound)).toBe(2);
  });

  it('asks again after the interval for a book found without a cover', async () => {
    expect(await find(FAKE_ISBNS.authorsFromWork)).toMatchObject({ authors: [FAKE_BOOK.workAuthor], cover: null });
    await find(FAKE_ISBNS.authorsFromWork);
    expect(editionAsked(FAKE_ISBNS.authorsFromWork)).toBe(1);
    await find(FAKE_ISBNS.authorsFromWork, later(LOOKUP_RECHECK_MS + 60_000));
    expect(editionAsked(FAKE_ISBNS.authorsFromWork)).toBe(2);
  });

  it('caches nothing when the service fails, so the next scan asks again', async () => {
    expect(await find(FAKE_ISBNS.malformed)).toBeNull();
    expect(await cachedRow(FAKE_ISBNS.malformed)).toBeUndefined();
    await find(FAKE_ISBNS.malformed);
    expect(editionAsked(FAKE_ISBNS.malformed)).toBe(2);
  });

  it('prefers a stale cached book to nothing when the service fails', async () => {
    await database.db.insert(isbnLookups).values({
      isbn: FAKE_ISBNS.serverError,
      found: true,
      title: 'Kept From Before',
      authors: 'One\nTwo',
      fetchedAt: new Date(Date.now() - LOOKUP_RECHECK_MS * 2),
    });
    expect(await find(FAKE_ISBNS.serverError)).toEqual({
      title: 'Kept From Before',
      authors: ['One', 'Two'],
      cover: null,
    });
    expect(editionAsked(FAKE_ISBNS.serverError)).toBe(1);
  });

  it('neither reads nor asks anything without a configured service', async () => {
    const requestsBefore = fake.requests.length;
    const queriesBefore = database.queryCount();
    expect(await findBook(database.db, null, FAKE_ISBNS.found, log)).toBeNull();
    expect(fake.requests.length).toBe(requestsBefore);
    expect(database.queryCount()).toBe(queriesBefore);
  });
});

describe('cut', () => {
  it('keeps short text, cuts long text with an ellipsis within the limit, never inside a surrogate pair', () => {
    expect(cut('Short', 10)).toBe('Short');
    expect(cut('A rather long title', 10)).toBe('A rather…');
    const emoji = '😀'.repeat(10);
    const cutEmoji = cut(emoji, 6);
    expect(cutEmoji.length).toBeLessThanOrEqual(6);
    expect(cutEmoji).toBe('😀😀…');
  });
});
