import { primeGet } from './api-client';

/** The id of the JSON block the server writes into index.html (src/server/http/first-screen-hints.ts). */
export const SERVER_ANSWERS_ID = 'lendloop-server-answers';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The API answers the server sent with the HTML for a signed-in visitor (docs/decisions/0030): the
 * session check's and the first page's, by URL. Each becomes the answer of the app's next GET of that
 * URL (`primeGet`), so the first screen asks for neither. Read once: the block is removed as it is
 * read, so nothing later can take an old answer for a new one. Nothing when the page came without it
 * (signed out, or the service worker's copy of index.html): the app then asks as before.
 */
export function primeServerAnswers(doc: Document = document): void {
  const block = doc.getElementById(SERVER_ANSWERS_ID);
  if (!block) return;
  block.remove();
  let answers: unknown;
  try {
    answers = JSON.parse(block.textContent ?? '');
  } catch {
    return;
  }
  if (!isRecord(answers)) return;
  for (const [url, body] of Object.entries(answers)) if (url.startsWith('/api/')) primeGet(url, body);
}
