import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';

/*
 * Test support (imported only by *.test.ts).
 *
 * Open Library is a third-party API outside our walls, reached over the
 * internet we do not have in tests; this local server stands in for it on
 * 127.0.0.1 and a free port, answering in the shapes of its Books and Covers
 * APIs (edition records behind a redirect, author and work records, covers
 * by id with `?default=false`). Every request it gets is recorded, so tests
 * can tell whether the cache spared a call.
 */

/** ISBN-13s with valid check digits, one per behaviour of the fake. */
export const FAKE_ISBNS = {
  /** Two authors on the edition, a 300×450 JPEG cover. */
  found: '9780306406157',
  /** No authors on the edition: they come from its work; no cover. */
  authorsFromWork: '9780000000019',
  /** 404, as Open Library answers an unknown ISBN. */
  notFound: '9780000000026',
  /** Answers after `slowMs`. */
  slow: '9780000000033',
  /** 200 with a body that is not JSON. */
  malformed: '9780000000040',
  /** Its cover is bigger than any cap a test sets. */
  coverTooLarge: '9780000000057',
  /** Its cover is an HTML page declared as image/jpeg. */
  coverNotImage: '9780000000064',
  /** A 500 from the service. */
  serverError: '9780000000071',
  /** Its cover is too big and sent in chunks, without Content-Length. */
  coverStreamedTooLarge: '9780000000088',
  /** Redirects to `redirectTarget` (another host), its cover to `coverRedirectTarget`. */
  redirectsElsewhere: '9780000000095',
  /** Redirects to itself, for ever. */
  redirectsInALoop: '9780000000101',
} as const;

export const FAKE_BOOK = {
  title: 'The Art of\u0007 Fake Books',
  authors: ['Ada Lovelace', 'Charles Babbage'],
  workAuthor: 'Grace Hopper',
} as const;

const COVER_OK = 42;
const COVER_TOO_LARGE = 43;
const COVER_NOT_IMAGE = 44;
const COVER_STREAMED = 45;
const COVER_REDIRECTED = 46;
/** Bigger than the cap the tests pass (64 kB), smaller than the default 2 MiB. */
export const TEST_COVER_MAX_BYTES = 64 * 1024;

export interface FakeOpenLibrary {
  url: string;
  /** Paths asked, in order (query strings included). */
  requests: string[];
  /** How long the `slow` ISBN takes to answer. */
  slowMs: number;
  /** Where `redirectsElsewhere` sends the edition request (an absolute URL). */
  redirectTarget: string;
  /** Where the cover of the edition at /books/OL2M.json sends its request (an absolute URL). */
  coverRedirectTarget: string;
  close(): Promise<void>;
}

export async function startFakeOpenLibrary(): Promise<FakeOpenLibrary> {
  const cover = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#aa3322' } })
    .jpeg()
    .toBuffer();
  const tooLarge = Buffer.concat([cover, Buffer.alloc(TEST_COVER_MAX_BYTES)]);
  const server: FastifyInstance = Fastify();
  const fake: FakeOpenLibrary = {
    url: '',
    requests: [],
    slowMs: 0,
    redirectTarget: '',
    coverRedirectTarget: '',
    close: () => server.close(),
  };
  server.addHook('onRequest', async (request) => {
    fake.requests.push(request.url);
  });

  const edition = (covers: number[], extra: Record<string, unknown> = {}) => ({
    title: FAKE_BOOK.title,
    authors: [{ key: '/authors/OL1A' }, { key: '/authors/OL2A' }],
    works: [{ key: '/works/OL7W' }],
    covers,
    ...extra,
  });

  server.get<{ Params: { isbn: string } }>('/isbn/:isbn', async (request, reply) => {
    const isbn = request.params.isbn.replace(/\.json$/, '');
    switch (isbn) {
      case FAKE_ISBNS.found:
        // Open Library redirects an ISBN to its edition record.
        return reply.redirect('/books/OL1M.json', 302);
      case FAKE_ISBNS.authorsFromWork:
        return { title: 'Work Authors', works: [{ key: '/works/OL7W' }] };
      case FAKE_ISBNS.slow:
        await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
        return edition([COVER_OK]);
      case FAKE_ISBNS.malformed:
        return reply.type('application/json').send('{"title": "cut off');
      case FAKE_ISBNS.coverTooLarge:
        return edition([COVER_TOO_LARGE]);
      case FAKE_ISBNS.coverNotImage:
        return edition([-1, COVER_NOT_IMAGE]);
      case FAKE_ISBNS.coverStreamedTooLarge:
        return edition([COVER_STREAMED]);
      case FAKE_ISBNS.redirectsElsewhere:
        return reply.redirect(fake.redirectTarget, 302);
      case FAKE_ISBNS.redirectsInALoop:
        return reply.redirect(`/isbn/${isbn}.json`, 302);
      case FAKE_ISBNS.serverError:
        return reply.status(500).send({ error: 'busy' });
      default:
        return reply.status(404).send({ error: 'notfound', key: `/isbn/${isbn}` });
    }
  });
  server.get('/books/OL1M.json', async () => edition([COVER_OK]));
  server.get('/books/OL2M.json', async () => edition([COVER_REDIRECTED]));
  server.get('/works/OL7W.json', async () => ({ authors: [{ author: { key: '/authors/OL3A' }, type: {} }] }));
  server.get<{ Params: { key: string } }>('/authors/:key', async (request, reply) => {
    const names: Record<string, string> = {
      'OL1A.json': FAKE_BOOK.authors[0],
      'OL2A.json': FAKE_BOOK.authors[1],
      'OL3A.json': FAKE_BOOK.workAuthor,
    };
    const name = names[request.params.key];
    return name ? { name, key: `/authors/${request.params.key}` } : reply.status(404).send({ error: 'notfound' });
  });
  server.get<{ Params: { file: string }; Querystring: { default?: string } }>('/b/id/:file', async (request, reply) => {
    if (request.query.default !== 'false') return reply.status(400).send('the client must ask with default=false');
    switch (request.params.file) {
      case `${COVER_OK}-L.jpg`:
        return reply.type('image/jpeg').send(cover);
      case `${COVER_TOO_LARGE}-L.jpg`:
        return reply.type('image/jpeg').send(tooLarge);
      case `${COVER_NOT_IMAGE}-L.jpg`:
        return reply.type('image/jpeg').send('<html><script>alert(1)</script></html>');
      case `${COVER_REDIRECTED}-L.jpg`:
        // As Open Library hands most covers over to the Internet Archive.
        return reply.redirect(fake.coverRedirectTarget, 302);
      case `${COVER_STREAMED}-L.jpg`:
        return reply.type('image/jpeg').send(Readable.from([cover, tooLarge]));
      default:
        return reply.status(404).send('no cover');
    }
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The fake Open Library has no port');
  fake.url = `http://127.0.0.1:${address.port}`;
  return fake;
}
