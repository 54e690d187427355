import type { i18n as I18n } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { serverIssues } from '../../lib/server-issues';

type Translator = Pick<I18n, 't' | 'exists'>;

/** The request was cancelled by the person (Cancel in the progress step, or the dialog closed). */
export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * The line under spec §8's 'Creation failed' toast: the server's reason when
 * it gave one we can translate (a refused field such as a bad barcode
 * checksum, too many requests, an analysis that failed or timed out), that
 * the network is down, else the spec's fallback ('Failed to create item from
 * image. Please try again.'). A 500 says nothing more useful than the fallback.
 */
export function creationFailureText(error: unknown, i18n: Translator, fallback: string): string {
  const issue = serverIssues(error).find((candidate) => i18n.exists(candidate.messageKey));
  if (issue) return i18n.t(issue.messageKey);
  if (error instanceof TypeError) return i18n.t('errors.network_error');
  if (
    isApiError(error) &&
    error.messageKey !== undefined &&
    error.code !== 'server_error' &&
    error.code !== 'invalid_input' &&
    i18n.exists(error.messageKey)
  ) {
    return i18n.t(error.messageKey);
  }
  return fallback;
}
