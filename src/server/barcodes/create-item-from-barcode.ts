import { and, asc, eq, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../contract/enums';
import { LIMITS } from '../../contract/limits';
import type { BARCODE_KINDS } from '../../contract/schemas/item-creation';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import { AppError } from '../http/app-error';
import { findOwnItem } from '../items/find-own-item';
import type { OwnItemRow } from '../items/item-query';
import type { PhotoStore } from '../photos/photo-store';
import { processPhoto, type ProcessedPhoto } from '../photos/process-photo';
import { stagePhoto, storeItemPhoto } from '../photos/store-item-photo';
import type { Actor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { readBarcode } from './barcode-codes';
import { barcodeItemTexts, isbnDescription, joinNames } from './barcode-item-texts';
import { cut, findBook } from './cached-isbn-lookup';
import type { BookCover, IsbnLookup } from './isbn-lookup';

/**
 * Items one account may create from barcodes per hour: a shelf of books
 * scanned one after another fits; a script creating items (and asking the
 * book service on our behalf) does not.
 */
export const BARCODE_ITEMS_PER_HOUR = 60;

export interface BarcodeItemDependencies {
  db: Database;
  store: PhotoStore;
  /** Null: no book service is configured, ISBNs are not looked up. */
  isbnLookup: IsbnLookup | null;
  log: FastifyBaseLogger;
}

export interface CreatedFromBarcode {
  row: OwnItemRow;
  kind: (typeof BARCODE_KINDS)[number];
  found: boolean;
  /** An item of the actor's that already carries this code (issue 33): the edit dialog says so. */
  alreadyListed: { id: string; name: string } | null;
}

interface NewItem {
  name: string;
  description: string;
  category: 'books' | 'other';
  photo: ProcessedPhoto | null;
}

/**
 * POST /api/items/from-barcode (issue 16 §3): the digits the browser decoded
 * become an item of the actor, named in the language they scanned in.
 *
 * - An ISBN is a book: with a book service that knows it, its title names the
 *   item, the authors and ISBN describe it and its cover is the photo;
 *   otherwise a neutral "Book <ISBN>" the person renames in the edit dialog.
 * - Any other product code: a neutral name and the code in the description.
 *
 * The check digit is verified before anything else (a misread code is 400,
 * never an item or a lookup), then the hourly budget is counted, then the
 * service is asked, outside the transaction: the item and its photo are
 * written together at the end.
 */
export async function createItemFromBarcode(
  deps: BarcodeItemDependencies,
  actor: Actor,
  input: { code: string; language: Language },
): Promise<CreatedFromBarcode> {
  const reading = readBarcode(input.code);
  if (!reading) {
    throw AppError.invalid('The barcode check digit does not match', undefined, [
      { path: 'code', messageKey: 'validation.barcodeInvalid' },
    ]);
  }
  await consumeRateLimit(deps.db, {
    key: `barcode-items:${actor.id}`,
    max: BARCODE_ITEMS_PER_HOUR,
    windowSeconds: 60 * 60,
  });

  const texts = barcodeItemTexts(input.language);
  let newItem: NewItem;
  let found = false;
  if (reading.kind === 'isbn') {
    const isbn = reading.isbn13;
    const book = await findBook(deps.db, deps.isbnLookup, isbn, deps.log);
    found = book !== null;
    newItem = book
      ? {
          name: cut(book.title, LIMITS.nameMax),
          description: cut(
            book.authors.length > 0
              ? texts.bookByAuthors(joinNames(book.authors, input.language), isbn)
              : isbnDescription(isbn),
            LIMITS.descriptionMax,
          ),
          category: 'books',
          photo: book.cover && (await coverPhoto(book.cover, isbn, deps.log)),
        }
      : { name: texts.bookName(isbn), description: isbnDescription(isbn), category: 'books', photo: null };
  } else {
    newItem = {
      name: texts.productName(reading.code),
      description: texts.productDescription(reading.code),
      category: 'other',
      photo: null,
    };
  }

  const code = reading.kind === 'isbn' ? reading.isbn13 : reading.code;
  // Before the insert, so the new item is not its own duplicate.
  const alreadyListed = await findOwnItemWithCode(deps.db, actor, code);
  const itemId = await insertItem(deps, actor, newItem);
  return { row: await findOwnItem(deps.db, actor, itemId), kind: reading.kind, found, alreadyListed };
}

/**
 * The actor's oldest item whose name or description carries `code` (items
 * made from a barcode keep it there, barcode-item-texts.ts; a person may
 * type it too). `code` is digits only (readBarcode), so it is no pattern.
 */
async function findOwnItemWithCode(
  db: Database,
  actor: Actor,
  code: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: items.id, name: items.name })
    .from(items)
    .where(and(eq(items.ownerId, actor.id), or(like(items.description, `%${code}%`), like(items.name, `%${code}%`))))
    .orderBy(asc(items.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The cover through the same pipeline as an upload (photos/process-photo.ts:
 * type check, pixel-flood check, re-encoded without metadata). A cover the
 * decoder refuses leaves the book without a photo rather than failing it.
 */
async function coverPhoto(cover: BookCover, isbn: string, log: FastifyBaseLogger): Promise<ProcessedPhoto | null> {
  try {
    return await processPhoto(cover.bytes, cover.contentType);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    log.warn({ err: error, isbn }, 'the book cover could not be processed; the item has no photo');
    return null;
  }
}

async function insertItem(deps: BarcodeItemDependencies, actor: Actor, newItem: NewItem): Promise<string> {
  const staged = newItem.photo ? await stagePhoto(deps.store, newItem.photo) : null;
  return deps.db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({ ownerId: actor.id, name: newItem.name, description: newItem.description, category: newItem.category })
      .returning({ id: items.id });
    if (!item) throw new Error('The new item was not returned');
    if (staged) await storeItemPhoto(tx, deps.store, actor, staged, { itemId: item.id, position: 0 });
    return item.id;
  });
}
