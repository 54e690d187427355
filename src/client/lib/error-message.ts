import type { i18n as I18n } from 'i18next';
import { toast } from '../components/ui/toast-store';
import { isApiError } from './api-client';

type Translator = Pick<I18n, 't' | 'exists'>;

/**
 * The reader-facing text for a failure: our API's translated messageKey when
 * we have it, else the spec §8 "status: body" message, else a generic text.
 */
export function getErrorMessage(error: unknown, i18n: Translator): string {
  if (isApiError(error)) {
    if (error.messageKey && i18n.exists(error.messageKey)) return i18n.t(error.messageKey);
    if (error.code) return i18n.t(`errors.${error.code}`);
    return error.message;
  }
  // fetch rejects with a TypeError when the network is down or the request was blocked.
  if (error instanceof TypeError) return i18n.t('errors.network_error');
  return i18n.t('errors.unknown_error');
}

/**
 * The description under a toast whose title already names the failed action
 * (spec §8: 'Failed to update item'): the server's reason in the reader's
 * language, or that the network is down. Anything else (a proxy's HTML page,
 * a bug) adds nothing to the title, so it gives undefined.
 */
export function failureDescription(error: unknown, i18n: Translator): string | undefined {
  if (isApiError(error) && (error.code !== undefined || error.messageKey !== undefined)) {
    return getErrorMessage(error, i18n);
  }
  if (error instanceof TypeError) return getErrorMessage(error, i18n);
  return undefined;
}

/** Shows a failure as a destructive toast (spec §8: "Failures appear as destructive toasts"). */
export function toastError(error: unknown, i18n: Translator, title?: string): void {
  toast({ variant: 'destructive', title: title ?? i18n.t('errors.title'), description: getErrorMessage(error, i18n) });
}
