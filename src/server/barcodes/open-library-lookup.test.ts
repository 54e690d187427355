import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolverOf } from '../../../tests/support/resolver';
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
/** Another service on loopback, which a redirect must never reach; it records what it is asked. */
const elsewhere = { url: '', port: 0, requests: [] as string[] };
const elsewhereServer = createServer((request, response) => {
  elsewhere.requests.push(request.url ?? '');
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"internal"}');
});
beforeAll(async () => {
  fake = await startFakeOpenLibrary();
  await new Promise<void>((resolve) => elsewhereServer.listen(0, '127.0.0.1', resolve));
  elsewhere.port = (elsewhereServer.address() as AddressInfo).port;
  elsewhere.url = `http://127.0.0.1:${elsewhere.port}`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => elsewhereServer.close(resolve));
});

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

  it('follows no redirect to another host, not even another port of the same address (issue 32, finding 3)', async () => {
    fake.redirectTarget = `${elsewhere.url}/admin/secret.json`;
    await expect(lookupWith().lookup(FAKE_ISBNS.redirectsElsewhere)).rejects.toThrow(/another host/);
    fake.redirectTarget = `http://localhost:${elsewhere.port}/`;
    await expect(lookupWith().lookup(FAKE_ISBNS.redirectsElsewhere)).rejects.toThrow(IsbnLookupError);
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows at most three redirects', async () => {
    const before = fake.requests.length;
    await expect(lookupWith().lookup(FAKE_ISBNS.redirectsInALoop)).rejects.toThrow(/More than 3 redirects/);
    expect(fake.requests.length - before).toBe(4);
  });

  it('follows a cover to the Internet Archive only when it resolves to a public address, and to no other host', async () => {
    const { port } = new URL(fake.url);
    const resolve = resolverOf({ 'covers.openlibrary.org': '127.0.0.1', 'ia800100.us.archive.org': '127.0.0.1' });
    const lookup = createOpenLibraryLookup({
      baseUrl: new URL(fake.url),
      // The configured cover service may be anywhere the operator says; the hops it hands over to may not.
      coverBaseUrl: new URL(`http://covers.openlibrary.org:${port}`),
      userAgent: 'Lendloop (test)',
      timeoutMs: 2_000,
      resolve,
    });
    fake.redirectTarget = '/books/OL2M.json';
    fake.coverRedirectTarget = `http://ia800100.us.archive.org:${elsewhere.port}/cover.jpg`;
    const book = await lookup.lookup(FAKE_ISBNS.redirectsElsewhere);
    expect(book).toMatchObject({ authors: FAKE_BOOK.authors, cover: null });
    expect(resolve.asked).toContain('ia800100.us.archive.org');

    fake.coverRedirectTarget = `http://evil.example:${elsewhere.port}/cover.jpg`;
    expect((await lookup.lookup(FAKE_ISBNS.redirectsElsewhere))?.cover).toBeNull();
    expect(resolve.asked).not.toContain('evil.example');
    expect(elsewhere.requests).toEqual([]);
  });
});
