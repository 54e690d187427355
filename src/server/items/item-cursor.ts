import { AppError } from '../http/app-error';

/** Where the next page of Available Items starts: after this (created_at, id) in newest-first order. */
export interface ItemCursor {
  createdAt: string;
  id: string;
}

// PostgreSQL's timestamptz text, e.g. 2026-11-22 07:55:01.123456+00 (checked before the cast, so a forged cursor is a 400, never a 500).
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to the client: base64url of `createdAt|id`. */
export function encodeItemCursor(cursor: ItemCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeItemCursor(value: string): ItemCursor {
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !TIMESTAMP_TEXT.test(createdAt) || !UUID.test(id)) {
    throw AppError.invalid('Invalid page cursor', 'errors.invalid_input');
  }
  return { createdAt, id };
}
