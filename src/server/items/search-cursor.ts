import { AppError } from '../http/app-error';
import type { ItemCursor } from './item-cursor';

/**
 * Where the next page of a ranked search starts: after this (rank, created_at,
 * id) in best-first order. The rank is an integer (search-visible-items.ts
 * scales the relevance), so comparing it again on the next page is exact.
 */
export interface SearchCursor extends ItemCursor {
  rank: number;
}

const RANK = /^-?\d{1,10}$/;
// The same checks as item-cursor.ts, before the casts: a forged cursor is a 400, never a 500.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to the client: base64url of `rank|createdAt|id`. */
export function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(`${cursor.rank}|${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeSearchCursor(value: string): SearchCursor {
  const [rank, createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    !rank ||
    !createdAt ||
    !id ||
    !RANK.test(rank) ||
    !Number.isSafeInteger(Number(rank)) ||
    Math.abs(Number(rank)) > 2 ** 31 - 1 ||
    !TIMESTAMP_TEXT.test(createdAt) ||
    !UUID.test(id)
  ) {
    throw AppError.invalid('Invalid page cursor', 'errors.invalid_input');
  }
  return { rank: Number(rank), createdAt, id };
}
