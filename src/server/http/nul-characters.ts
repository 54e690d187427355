import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * PostgreSQL's text types cannot hold NUL (U+0000): a string with one passed
 * validation and failed at the INSERT (SQLSTATE 22021; issue 32, finding 7).
 * Checked here for every API request, before validation, so no route can forget:
 * a NUL anywhere in the JSON body (values and keys), the query or the path
 * parameters answers 400 `validation.invalidCharacters` naming where it is,
 * and nothing is written. (The contract's text schemas refuse control
 * characters too, so the forms say so before sending: `schemas/text.ts`.)
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // The API's answers are JSON; the sign-in provider's and the unsubscribe pages answer with pages of their own.
    if (!request.url.startsWith('/api/')) return;
    const parts = { body: request.body, query: request.query, params: request.params };
    for (const [part, value] of Object.entries(parts)) {
      const at = pathOfNul(value);
      if (at === undefined) continue;
      throw AppError.invalid(`A NUL character in the ${part}`, 'validation.invalidCharacters', [
        { path: at, messageKey: 'validation.invalidCharacters' },
      ]);
    }
  });
}

/**
 * Where the first string holding NUL is, as the error handler writes paths
 * ("text", "items.0.name"; "" for a string value itself), or undefined.
 * Iterative: a deeply nested body cannot exhaust the stack.
 */
export function pathOfNul(root: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (ArrayBuffer.isView(value)) {
      // Bytes (an upload a route reads raw) are not text: PostgreSQL stores them as bytea.
      continue;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: join(path, String(index)) }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return join(path, key.replaceAll('\u0000', '\\u0000'));
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return undefined;
}
