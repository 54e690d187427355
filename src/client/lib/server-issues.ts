import { isApiError } from './api-client';

export interface ServerIssue {
  /** The field the server refused, e.g. "phone". */
  path: string;
  /** Translation key of the reason, e.g. "validation.phoneLength". */
  messageKey: string;
}

/**
 * The per-field issues of a 400 invalid_input answer (`error.issues`), for a
 * form to show at its fields. Read by hand, not with zod: error bodies are
 * outside the response contract and may be anything (a proxy's HTML page).
 */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!isApiError(error) || error.code !== 'invalid_input') return [];
  let body: unknown;
  try {
    body = JSON.parse(error.bodyText);
  } catch {
    return [];
  }
  if (typeof body !== 'object' || body === null || !('error' in body)) return [];
  const inner: unknown = body.error;
  if (typeof inner !== 'object' || inner === null || !('issues' in inner) || !Array.isArray(inner.issues)) return [];
  return inner.issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const path = 'path' in issue ? issue.path : undefined;
    const messageKey = 'messageKey' in issue ? issue.messageKey : undefined;
    return typeof path === 'string' && typeof messageKey === 'string' ? [{ path, messageKey }] : [];
  });
}
