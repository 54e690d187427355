import type { i18n as I18n } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/error-message';

type Translator = Pick<I18n, 't' | 'exists'>;

/**
 * Spec §8 items: the toast's title names the failed action ('Failed to update
 * item'); its description is the server's message in the reader's language,
 * or that the network is down. Anything else adds nothing to the title.
 */
export function itemErrorDescription(error: unknown, i18n: Translator): string | undefined {
  if (isApiError(error) && (error.code !== undefined || error.messageKey !== undefined)) {
    return getErrorMessage(error, i18n);
  }
  if (error instanceof TypeError) return getErrorMessage(error, i18n);
  return undefined;
}
