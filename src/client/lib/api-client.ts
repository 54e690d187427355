import type { QueryFunction } from '@tanstack/react-query';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors';

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
  return { code, messageKey };
}

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** Present when the body was our error JSON; lets the UI translate via `messageKey`. */
  readonly code: ErrorCode | undefined;
  readonly messageKey: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    // Spec §8: "status code, colon, space, response body text (or status text if body empty)".
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    const { code, messageKey } = parseErrorBody(bodyText);
    this.code = code;
    this.messageKey = messageKey;
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
}

function requestBody(body: unknown): { headers: Record<string, string>; body: BodyInit | undefined } {
  if (body === undefined) return { headers: {}, body: undefined };
  if (body instanceof Blob) {
    return { headers: { 'Content-Type': body.type || 'application/octet-stream' }, body };
  }
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** Sends a request and returns the raw Response once it is known to be OK. */
export async function apiRequest(method: HttpMethod, url: string, options: ApiRequestOptions = {}): Promise<Response> {
  const sent = requestBody(options.body);
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...sent.headers, Accept: 'application/json' },
    body: sent.body,
    signal: options.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * Sends a request and parses the JSON answer. Returns `unknown` on purpose:
 * each endpoint file validates the shape with its zod schema.
 */
export async function apiJson(method: HttpMethod, url: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const response = await apiRequest(method, url, options);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Default query function (spec §7): GET the first element of the query key, parse JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') {
    throw new Error('The default query function needs a URL string as the first query key element.');
  }
  return apiJson('GET', url, { signal });
};
