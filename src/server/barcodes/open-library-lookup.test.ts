import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_BOOK,
  FAKE_ISBNS,
  startFakeOpenLibrary,
  TEST_COVER_MAX_BYTES,
  type FakeOpenLibrary,
} from './fake-open-library';
import { IsbnLookupError } from './isbn-lookup';
import { createOpenLibraryLookup } from './open-library-lookup';

// The fake stands in for Open Library, a third-party API outside our walls (see fake-open-library.ts).
let fake: FakeOpenLibrary;
beforeAll(async () => {
  fake = await startFakeOpenLibrary();
});
afterAll(() => fake.close());

const lookupWith = (options: { timeoutMs?: number; covers?: boolean } = {}) =>
  createOpenLibraryLookup({
    baseUrl: new URL(fake.url),
    coverBaseUrl: options.covers === false ? undefined : new URL(fake.url),
    userAgent: 'Lendloop (test)',
    timeoutMs: options.timeoutMs ?? 2_000,
    coverMaxBytes: TEST_COVER_MAX_BYTES,
  });

describe('Open Library lookup', () => {
  it('finds a book: title without control characters, author names, the cover by its id', async () => {
    const book = await lookupWith().lookup(FAKE_ISBNS.found);
    expect(book?.title).toBe('The Art of Fake Books');
    expect(book?.authors).toEqual(FAKE_BOOK.authors);
    expect(book?.cover?.contentType).toBe('image/jpeg');
    const meta = await sharp(book?.cover?.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 450]);
    // Followed the redirect, asked each author, and the cover by id (not rate-limited) with default=false.
    expect(fake.requests).toEqual(
      expect.arrayContaining([
        `/isbn/${FAKE_ISBNS.found}.json`,
        '/books/OL1M.json',
        '/authors/OL1A.json',
        '/authors/OL2A.json',
        '/b/id/42-L.jpg?default=false',
      ]),
    );
  });

  it('takes the authors from the work when the edition names none', async () => {
    const book = await lookupWith().lookup(FAKE_ISBNS.authorsFromWork);
    expect(book).toEqual({ title: 'Work Authors', authors: [FAKE_BOOK.workAuthor], cover: null });
  });

  it('answers null for an ISBN the service does not know (404)', async () => {
    expect(await lookupWith().lookup(FAKE_ISBNS.notFound)).toBeNull();
  });

  it('fails with IsbnLookupError when the service is too slow, answers garbage or an error status', async () => {
    fake.slowMs = 1_000;
    const started = Date.now();
    await expect(lookupWith({ timeoutMs: 200 }).lookup(FAKE_ISBNS.slow)).rejects.toThrow(IsbnLookupError);
    expect(Date.now() - started).toBeLessThan(900);
    await expect(lookupWith().lookup(FAKE_ISBNS.malformed)).rejects.toThrow(/no JSON/);
    await expect(lookupWith().lookup(FAKE_ISBNS.serverError)).rejects.toThrow(/500/);
  });

  it('fails with IsbnLookupError when nothing listens at the address', async () => {
    const closed = await startFakeOpenLibrary();
    await closed.close();
    const lookup = createOpenLibraryLookup({
      baseUrl: new URL(closed.url),
      coverBaseUrl: undefined,
      userAgent: 'Lendloop (test)',
    });
    await expect(lookup.lookup(FAKE_ISBNS.found)).rejects.toThrow(IsbnLookupError);
  });

  it('keeps the book but drops a cover over the size cap, or one that is not the image it claims', async () => {
    const large = await lookupWith().lookup(FAKE_ISBNS.coverTooLarge);
    expect(large).toMatchObject({ title: 'The Art of Fake Books', cover: null });
    const streamed = await lookupWith().lookup(FAKE_ISBNS.coverStreamedTooLarge);
    expect(streamed).toMatchObject({ title: 'The Art of Fake Books', cover: null });
    const notImage = await lookupWith().lookup(FAKE_ISBNS.coverNotImage);
    expect(notImage).toMatchObject({ title: 'The Art of Fake Books', cover: null });
    // The placeholder id -1 is never asked for.
    expect(fake.requests).not.toContain('/b/id/-1-L.jpg?default=false');
  });

  it('fetches no cover when no cover service is configured', async () => {
    const before = fake.requests.length;
    const book = await lookupWith({ covers: false }).lookup(FAKE_ISBNS.found);
    expect(book?.cover).toBeNull();
    expect(fake.requests.slice(before).some((path) => path.startsWith('/b/'))).toBe(false);
  });
});
