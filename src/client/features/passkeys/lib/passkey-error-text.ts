import type { TFunction } from 'i18next';
import { isApiError } from '@/client/lib/api-client';
import { PasskeyPromptError } from './webauthn';

/** Each prompt failure's text, written out so the key check sees them. */
const PROMPT_FAILURE_KEYS = {
  cancelled: 'passkeys.prompt.cancelled',
  exists: 'passkeys.prompt.exists',
  unsupported: 'passkeys.prompt.unsupported',
  failed: 'passkeys.prompt.failed',
} as const;

/** What to tell the person when a passkey step failed: the prompt's reason, the server's message, or in general. */
export function passkeyErrorText(error: unknown, t: TFunction): string {
  if (error instanceof PasskeyPromptError) return t(PROMPT_FAILURE_KEYS[error.failure]);
  if (isApiError(error) && error.messageKey) return t(error.messageKey);
  return t('passkeys.failed');
}
