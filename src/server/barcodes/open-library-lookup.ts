import { z } from 'zod';
import { replaceControlCharacters } from '../../contract/schemas/text';
import { AppError } from '../http/app-error';
import { systemResolve, type Resolve } from '../outbound/checked-address';
import { outboundGet, readCapped, type OutboundGetOptions } from '../outbound/outbound-get';
import { checkUpload, sniffImageType } from '../photos/process-photo';
import { IsbnLookupError, type BookCover, type BookRecord, type IsbnLookup } from './isbn-lookup';

/** The whole lookup (edition, authors, cover) must finish within this; the person waits for it. */
export const ISBN_LOOKUP_TIMEOUT_MS = 5_000;
/** Open Library's large covers are 50–500 kB; anything far beyond is not a cover we want to re-encode. */
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
/** An edition, work or author record is a few kB; more is not an answer we asked for. */
const JSON_MAX_BYTES = 256 * 1024;
/** A book's first names are what a description shows; an anthology's fiftieth contributor is not. */
const MAX_AUTHORS = 5;

const editionSchema = z.object({
  title: z.string(),
  authors: z.array(z.object({ key: z.string() })).optional(),
  works: z.array(z.object({ key: z.string() })).optional(),
  covers: z.array(z.number()).optional(),
});
const workSchema = z.object({
  authors: z.array(z.object({ author: z.object({ key: z.string() }) })).optional(),
});
const authorSchema = z.object({ name: z.string() });

/** Record keys are paths we put in a URL: only the exact Open Library shapes pass. */
const AUTHOR_KEY = /^\/authors\/OL[0-9]+A$/;
const WORK_KEY = /^\/works\/OL[0-9]+W$/;

export interface OpenLibraryOptions {
  /** ISBN_LOOKUP_URL, e.g. https://openlibrary.org (a path prefix is kept). */
  baseUrl: URL;
  /** ISBN_COVER_URL, e.g. https://covers.openlibrary.org; undefined: no covers are fetched. */
  coverBaseUrl: URL | undefined;
  userAgent: string;
  timeoutMs?: number;
  coverMaxBytes?: number;
  /** Tests pass their own: DNS lies outside our walls. */
  resolve?: Resolve;
}

/** A lookup follows at most this many redirects (Open Library: ISBN → edition; cover → archive.org → its node). */
const MAX_REDIRECTS = 3;

/**
 * Where a redirect from a configured host may lead besides that host
 * (issue 32, finding 3): Open Library's cover service hands most covers
 * over to the Internet Archive (archive.org, then one of its
 * iaNNNNNN.us.archive.org nodes). Those hops must resolve to public
 * addresses; other hosts are never followed.
 */
const KNOWN_REDIRECT_HOSTS: Record<string, readonly string[]> = {
  'covers.openlibrary.org': ['archive.org', '.archive.org'],
};

/**
 * Open Library's API (docs: openlibrary.org/dev/docs/api/books and
 * /covers):
 *
 * 1. `GET /isbn/{isbn13}.json` redirects to the edition record: `title`,
 *    `authors: [{ key: "/authors/OL…A" }]`, `works: [{ key }]`, `covers: [id]`.
 *    404: the ISBN is unknown.
 * 2. Author names: `GET /authors/OL…A.json` → `{ name }`. An edition without
 *    authors takes its work's (`GET /works/OL…W.json` → `authors: [{ author: { key } }]`).
 * 3. The cover by its id, `GET {cover}/b/id/{id}-L.jpg?default=false` (404
 *    instead of a blank placeholder). By id rather than by ISBN because
 *    Open Library rate-limits covers by ISBN (100 per IP per 5 minutes) and
 *    not by id, and the edition already names the id.
 *
 * Every call goes through outboundGet: redirects only to the same host (or
 * the Internet Archive for covers), never to a private address.
 *
 * One deadline covers every call. The cover is optional: when it is missing,
 * too big or not a real JPEG/PNG/WebP, the book is still found without it.
 */
export function createOpenLibraryLookup(options: OpenLibraryOptions): IsbnLookup {
  const timeoutMs = options.timeoutMs ?? ISBN_LOOKUP_TIMEOUT_MS;
  const coverMaxBytes = options.coverMaxBytes ?? COVER_MAX_BYTES;
  const outbound: Omit<OutboundGetOptions, 'signal'> = {
    headers: { 'User-Agent': options.userAgent },
    resolve: options.resolve ?? systemResolve,
    // The operator chose these (a local mirror may be private); every other host must be public.
    configuredHosts: new Set([options.baseUrl.host, ...(options.coverBaseUrl ? [options.coverBaseUrl.host] : [])]),
    redirectHosts: [options.baseUrl, options.coverBaseUrl].flatMap((base) =>
      base ? (KNOWN_REDIRECT_HOSTS[base.hostname] ?? []) : [],
    ),
    maxRedirects: MAX_REDIRECTS,
  };
  const request = (url: URL, signal: AbortSignal) => outboundGet(url, { ...outbound, signal });

  async function getJson<T>(path: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T | null> {
    const response = await request(urlUnder(options.baseUrl, path), signal);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new IsbnLookupError(`${path} answered ${response.status}`);
    }
    const body = await readCapped(response, JSON_MAX_BYTES, signal);
    if (!body) throw new IsbnLookupError(`${path} answered more than ${JSON_MAX_BYTES} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new IsbnLookupError(`${path} answered no JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new IsbnLookupError(`${path} answered an unexpected shape`);
    return parsed.data;
  }

  async function authorNames(edition: z.infer<typeof editionSchema>, signal: AbortSignal): Promise<string[]> {
    let keys = (edition.authors ?? []).map((author) => author.key);
    const workKey = edition.works?.[0]?.key;
    if (keys.length === 0 && workKey && WORK_KEY.test(workKey)) {
      const work = await getJson(`${workKey}.json`, workSchema, signal);
      keys = (work?.authors ?? []).map((entry) => entry.author.key);
    }
    const names = await Promise.all(
      keys
        .filter((key) => AUTHOR_KEY.test(key))
        .slice(0, MAX_AUTHORS)
        .map(async (key) => (await getJson(`${key}.json`, authorSchema, signal))?.name),
    );
    return names.map((name) => cleanText(name ?? '')).filter((name) => name !== '');
  }

  async function cover(coverIds: number[] | undefined, signal: AbortSignal): Promise<BookCover | null> {
    const id = coverIds?.find((candidate) => Number.isSafeInteger(candidate) && candidate > 0);
    if (!options.coverBaseUrl || id === undefined) return null;
    const url = urlUnder(options.coverBaseUrl, `/b/id/${id}-L.jpg`);
    url.searchParams.set('default', 'false');
    const response = await request(url, signal);
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const bytes = await readCapped(response, coverMaxBytes, signal);
    const contentType = bytes && sniffImageType(bytes);
    if (!bytes || !contentType) return null;
    try {
      // The photo pipeline's first checks: the bytes are the declared type, and not a pixel flood.
      await checkUpload(bytes, response.headers.get('content-type') ?? '');
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    return { contentType, bytes };
  }

  return {
    async lookup(isbn13) {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const edition = await getJson(`/isbn/${isbn13}.json`, editionSchema, signal);
        if (!edition) return null;
        const title = cleanText(edition.title);
        if (title === '') throw new IsbnLookupError(`The edition of ${isbn13} has no title`);
        const authors = await authorNames(edition, signal);
        // A cover that cannot be had now is left out; the cache asks again later (cached-isbn-lookup.ts).
        const bookCover = await cover(edition.covers, signal).catch(() => null);
        return { title, authors, cover: bookCover } satisfies BookRecord;
      } catch (error) {
        if (error instanceof IsbnLookupError) throw error;
        if (signal.aborted) throw new IsbnLookupError(`No answer for ${isbn13} within ${timeoutMs} ms`);
        throw new IsbnLookupError(`Lookup of ${isbn13} failed: ${error instanceof Error ? error.message : error}`);
      }
    },
  };
}

/** `base` + `path`, keeping a path prefix the base may have (a mirror under /openlibrary). */
function urlUnder(base: URL, path: string): URL {
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.origin);
  url.pathname = `${prefix}${path}`;
  return url;
}

/** Text from outside our walls: control characters become spaces, runs of space one. */
function cleanText(value: string): string {
  return replaceControlCharacters(value).replace(/\s+/g, ' ').trim();
}
