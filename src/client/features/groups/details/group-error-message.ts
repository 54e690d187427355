import type { i18n as I18n } from 'i18next';
import { toast } from '@/client/components/ui/toast-store';
import { isApiError } from '@/client/lib/api-client';
import { getErrorMessage } from '@/client/lib/error-message';

type Translator = Pick<I18n, 't' | 'exists'>;

/**
 * Spec §8 group management: the server's message, translated; a network
 * failure says so; anything else (no error JSON) is the generic 'error occurred'.
 */
export function groupErrorMessage(error: unknown, i18n: Translator): string {
  if (isApiError(error) && !error.code && !error.messageKey) return i18n.t('groups.details.errorOccurred');
  if (!isApiError(error) && !(error instanceof TypeError)) return i18n.t('groups.details.errorOccurred');
  return getErrorMessage(error, i18n);
}

/** A destructive toast titled with the action (e.g. 'Remove member') and the reason as its description. */
export function toastGroupError(title: string, error: unknown, i18n: Translator): void {
  toast({ variant: 'destructive', title, description: groupErrorMessage(error, i18n) });
}
