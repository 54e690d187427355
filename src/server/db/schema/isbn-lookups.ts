import { sql } from 'drizzle-orm';
import { boolean, check, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Answers of the configured ISBN lookup service (ISBN_LOOKUP_URL, an Open
 * Library-compatible API), kept so a book scanned twice asks the service
 * once. Shared by everyone: it holds bibliographic facts, nothing personal.
 * `found = false` remembers a miss (re-asked after a while).
 */
export const isbnLookups = pgTable(
  'isbn_lookups',
  {
    /** ISBN-13, digits only (an ISBN-10 is converted before lookup). */
    isbn: text('isbn').primaryKey(),
    found: boolean('found').notNull(),
    title: text('title'),
    authors: text('authors'),
    coverContentType: text('cover_content_type'),
    coverBytes: bytea('cover_bytes'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('isbn_lookups_isbn_format', sql`${t.isbn} ~ '^97[89][0-9]{10}$'`),
    check('isbn_lookups_title_length', sql`${t.title} IS NULL OR char_length(${t.title}) BETWEEN 1 AND 500`),
    check('isbn_lookups_authors_length', sql`${t.authors} IS NULL OR char_length(${t.authors}) BETWEEN 1 AND 500`),
  ],
);
