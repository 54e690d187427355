import type { UploadContentType } from '../photos/process-photo';

/** A cover as the service sent it: a JPEG, PNG or WebP whose bytes match its type, within the size cap. */
export interface BookCover {
  contentType: UploadContentType;
  bytes: Buffer;
}

/** What a book service knows about one ISBN, cleaned of control characters. */
export interface BookRecord {
  title: string;
  /** Names in the service's order; empty when it names none. */
  authors: string[];
  cover: BookCover | null;
}

/**
 * A bibliographic service asked for one ISBN-13 at a time (issue 16 §3).
 * The one implementation speaks Open Library's API; another (a library's
 * own catalogue, Google Books) would only need to answer this.
 */
export interface IsbnLookup {
  /** The book, or null when the service does not know this ISBN. Throws IsbnLookupError when it cannot answer. */
  lookup(isbn13: string): Promise<BookRecord | null>;
}

/** The service could not answer now (unreachable, too slow, an error status, an answer we cannot read). */
export class IsbnLookupError extends Error {
  override name = 'IsbnLookupError';
}
