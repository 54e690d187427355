import { primeGet } from './api-client';

/** The id of the JSON block the server writes into index.html (src/server/http/first-screen-hints.ts). */
export const SERVER_ANSWERS_ID = 'lendloop-server-answers';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The API answers the server sent with the HTML (docs/decisions/0030): for a signed-in visitor the
 * session check's and the first page's, for a visitor without a session the session check's refusal
 * (401), by URL, each as `{ status, body }`. Each becomes the answer of the app's next GET of that
 * URL (`primeGet`), so the first screen asks for none of them. Read once: the block is removed as it
 * is read, so nothing later can take an old answer for a new one. Nothing when the page came without
 * it (the service worker's copy of index.html, or an answer too slow): the app then asks as before.
 * Returns the successful answers' bodies by URL, for what must be known before the app renders
 * (main.tsx: the profile language).
 */
export function primeServerAnswers(doc: Document = document): ReadonlyMap<string, unknown> {
  const bodies = new Map<string, unknown>();
  const block = doc.getElementById(SERVER_ANSWERS_ID);
  if (!block) return bodies;
  block.remove();
  let answers: unknown;
  try {
    answers = JSON.parse(block.textContent ?? '');
  } catch {
    return bodies;
  }
  if (!isRecord(answers)) return bodies;
  for (const [url, answer] of Object.entries(answers)) {
    if (!url.startsWith('/api/') || !isRecord(answer) || typeof answer.status !== 'number') continue;
    primeGet(url, answer.body, answer.status);
    if (answer.status === 200) bodies.set(url, answer.body);
  }
  return bodies;
}
