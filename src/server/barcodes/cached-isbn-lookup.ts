import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isbnLookups } from '../db/schema/isbn-lookups';
import type { UploadContentType } from '../photos/process-photo';
import { UPLOAD_CONTENT_TYPES } from '../photos/process-photo';
import type { BookRecord, IsbnLookup } from './isbn-lookup';

/**
 * A miss, or a book found without a cover, is asked again after this long:
 * the service may have added it since. A book with its cover stays: titles,
 * authors and covers of a printed edition do not change.
 */
export const LOOKUP_RECHECK_MS = 7 * 24 * 60 * 60 * 1000;
/** The column limits of isbn_lookups (title and authors at most 500 characters). */
const TEXT_COLUMN_MAX = 500;
/** Authors are kept one per line, so each language can join them its own way. */
const AUTHOR_SEPARATOR = '\n';

type CachedRow = typeof isbnLookups.$inferSelect;

/**
 * The book for an ISBN-13, through the PostgreSQL cache (`isbn_lookups`,
 * shared by everyone: bibliographic facts, nothing personal). A scan of a
 * book someone scanned before costs no call to the service.
 *
 * When the service cannot answer, a stale cached book is better than none,
 * and without one the person gets the neutral book item: nothing is cached
 * then, so the next scan asks again. Without a configured service (`lookup`
 * null) nothing is read or asked.
 */
export async function findBook(
  db: Database,
  lookup: IsbnLookup | null,
  isbn13: string,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<BookRecord | null> {
  if (!lookup) return null;
  const [cached] = await db.select().from(isbnLookups).where(eq(isbnLookups.isbn, isbn13));
  if (cached && isFresh(cached, now)) return bookOf(cached);

  let answer: BookRecord | null;
  try {
    answer = await lookup.lookup(isbn13);
  } catch (error) {
    log.warn({ err: error, isbn: isbn13 }, 'ISBN lookup failed; the book is created without its details');
    return cached ? bookOf(cached) : null;
  }

  const row = rowOf(isbn13, answer, now);
  await db
    .insert(isbnLookups)
    .values(row)
    .onConflictDoUpdate({
      target: isbnLookups.isbn,
      set: {
        found: row.found,
        title: row.title,
        authors: row.authors,
        coverContentType: row.coverContentType,
        coverBytes: row.coverBytes,
        fetchedAt: row.fetchedAt,
      },
    });
  return answer && bookOf(row);
}

function isFresh(row: CachedRow, now: Date): boolean {
  if (row.found && row.coverBytes) return true;
  return now.getTime() - row.fetchedAt.getTime() < LOOKUP_RECHECK_MS;
}

/** A cached row as a book (null for a remembered miss); what the cache holds is what a fresh answer gives. */
function bookOf(row: CachedRow): BookRecord | null {
  if (!row.found || !row.title) return null;
  const contentType = UPLOAD_CONTENT_TYPES.find((type): type is UploadContentType => type === row.coverContentType);
  return {
    title: row.title,
    authors: row.authors ? row.authors.split(AUTHOR_SEPARATOR) : [],
    cover: row.coverBytes && contentType ? { contentType, bytes: row.coverBytes } : null,
  };
}

function rowOf(isbn: string, book: BookRecord | null, fetchedAt: Date): CachedRow {
  if (!book) {
    return { isbn, found: false, title: null, authors: null, coverContentType: null, coverBytes: null, fetchedAt };
  }
  return {
    isbn,
    found: true,
    title: cut(book.title, TEXT_COLUMN_MAX),
    authors: joinWithin(book.authors, TEXT_COLUMN_MAX),
    coverContentType: book.cover?.contentType ?? null,
    coverBytes: book.cover?.bytes ?? null,
    fetchedAt,
  };
}

/** As many whole names as fit in `max` characters (at least the first, cut), or null for none. */
function joinWithin(names: string[], max: number): string | null {
  let joined = '';
  for (const name of names) {
    const next = joined === '' ? name : `${joined}${AUTHOR_SEPARATOR}${name}`;
    if (next.length > max) return joined === '' ? cut(name, max) : joined;
    joined = next;
  }
  return joined === '' ? null : joined;
}

/**
 * At most `max` UTF-16 units (what the forms' limits count), never splitting
 * a surrogate pair, with an ellipsis when something was cut.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}
