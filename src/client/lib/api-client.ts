import type { QueryFunction } from '@tanstack/react-query';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors';
import type { HoldConflict } from '../../contract/reservations';
import { firstScreenPending, untilFirstScreenShown } from './first-screen';

/**
 * Thin fetch wrapper for our JSON API. Every call sends the session cookie and
 * every non-OK response becomes an ApiError, so callers only handle one failure
 * type (spec §7: "Any non-OK response is a failure").
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

interface ParsedErrorBody {
  code?: ErrorCode;
  messageKey?: string;
  conflict?: HoldConflict;
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The busy days of a refused booking. Checked by hand, not with the
 * contract's zod schema: this module is on every page's first load, which
 * stays without zod (tests/unit/first-load-without-zod.test.ts).
 */
function isHoldConflict(value: unknown): value is HoldConflict {
  if (typeof value !== 'object' || value === null) return false;
  const { from, until, suggestion } = value as Record<string, unknown>;
  if (!isDay(from) || (until !== null && !isDay(until))) return false;
  if (suggestion === null) return true;
  if (typeof suggestion !== 'object' || suggestion === undefined) return false;
  const period = suggestion as Record<string, unknown>;
  return isDay(period.from) && isDay(period.until);
}

/** Reads `{ error: { code, messageKey } }` when the server sent our error JSON; anything else yields {}. */
function parseErrorBody(bodyText: string): ParsedErrorBody {
  if (!bodyText) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return {};
  const error: unknown = parsed.error;
  if (typeof error !== 'object' || error === null) return {};
  const code = 'code' in error && isErrorCode(error.code) ? error.code : undefined;
  const messageKey = 'messageKey' in error && typeof error.messageKey === 'string' ? error.messageKey : undefined;
  const conflict = 'conflict' in error && isHoldConflict(error.conflict) ? error.conflict : undefined;
  return { code, messageKey, conflict };
}

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** Present when the body was our error JSON; lets the UI translate via `messageKey`. */
  readonly code: ErrorCode | undefined;
  readonly messageKey: string | undefined;
  /** For a refused booking (docs/decisions/0047): the days already held and the nearest free period. */
  readonly conflict: HoldConflict | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    // Spec §8: "status code, colon, space, response body text (or status text if body empty)".
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    const { code, messageKey, conflict } = parseErrorBody(bodyText);
    this.code = code;
    this.messageKey = messageKey;
    this.conflict = conflict;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, bodyText);
}

export interface ApiRequestOptions {
  /** Sent as JSON, except a Blob (e.g. an image file), which goes as raw bytes with its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last word as the tab closes); small bodies only. */
  keepalive?: boolean;
}

function requestBody(body: unknown): { headers: Record<string, string>; body: BodyInit | undefined } {
  if (body === undefined) return { headers: {}, body: undefined };
  if (body instanceof Blob) {
    return { headers: { 'Content-Type': body.type || 'application/octet-stream' }, body };
  }
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** A warmed GET is taken over only while it is this fresh; older, it would show stale data. */
const WARM_GET_MAX_AGE_MS = 10_000;
const warmGets = new Map<string, { response: Promise<Response>; startedAt: number }>();

/**
 * Sends a GET before the code that needs its answer has loaded (the first
 * page's data, app/first-page-preload.ts): the next `apiRequest` GET of the
 * same URL takes this response over instead of asking again. One taker each.
 * `peek` sees the JSON of a successful answer first, unvalidated, for hints
 * such as which picture to start downloading.
 */
export function warmGet(url: string, peek?: (body: unknown) => void): void {
  if (warmGets.has(url)) return;
  const response = fetch(url, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } });
  // Registered before any taker, so the copy is made before the body is read.
  const peeked = response.then(async (answer) => {
    if (answer.ok && peek) peek(await answer.clone().json());
  });
  // A failure shows where the response is taken over; not reported a second time here.
  peeked.catch(() => undefined);
  warmGets.set(url, { response, startedAt: Date.now() });
}

/**
 * The answer of a GET the server already sent with the page (a JSON block in index.html,
 * lib/server-answers.ts): taken over by the next `apiRequest` GET of the URL, as a warmed GET is.
 * `status` other than 200 (the session check of a visitor without a session: 401) fails as the
 * server's answer would.
 */
export function primeGet(url: string, body: unknown, status = 200): void {
  const text = body === undefined ? null : JSON.stringify(body);
  const response = new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  warmGets.set(url, { response: Promise.resolve(response), startedAt: Date.now() });
}

function takeWarmGet(url: string): Promise<Response> | undefined {
  const warm = warmGets.get(url);
  warmGets.delete(url);
  return warm && Date.now() - warm.startedAt <= WARM_GET_MAX_AGE_MS ? warm.response : undefined;
}

/** Sends a request and returns the raw Response once it is known to be OK. */
export async function apiRequest(method: HttpMethod, url: string, options: ApiRequestOptions = {}): Promise<Response> {
  const sent = requestBody(options.body);
  const warmed = method === 'GET' ? takeWarmGet(url) : undefined;
  // A GET the first screen's components start waits until that screen is shown (lib/first-screen.ts).
  if (method === 'GET' && !warmed && firstScreenPending()) await untilFirstScreenShown();
  const response = await (warmed ??
    fetch(url, {
      method,
      credentials: 'include',
      headers: { ...sent.headers, Accept: 'application/json' },
      body: sent.body,
      signal: options.signal,
      keepalive: options.keepalive,
    }));
  await throwIfNotOk(response);
  return response;
}

/**
 * Sends a request and parses the JSON answer, whatever its shape (`unknown`).
 * Endpoint files use `apiAnswer`, which names the contract type.
 */
export async function apiJson(method: HttpMethod, url: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const response = await apiRequest(method, url, options);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * Sends a request and returns its JSON answer as the contract type `T`,
 * unchecked: the one place where the client asserts an answer's shape
 * (docs/decisions/0012-client-trusts-answer-shapes.md). The server sends
 * every answer through the route's contract response schema (a mismatch is
 * a 500 there), and client and server are built from the same commit, so
 * parsing it again here would check the same thing twice, and would put zod
 * (about 25 kB gzip) into every page's first load. Callers pass a type
 * imported with `import type` from src/contract. Error answers never get
 * here: they become an ApiError, whose body is read defensively.
 */
export async function apiAnswer<T>(method: HttpMethod, url: string, options: ApiRequestOptions = {}): Promise<T> {
  // Trusted, not parsed: ADR 0012 (the server serialised it through the same schema).
  return (await apiJson(method, url, options)) as T;
}

/** Default query function (spec §7): GET the first element of the query key, parse JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') {
    throw new Error('The default query function needs a URL string as the first query key element.');
  }
  return apiJson('GET', url, { signal });
};
