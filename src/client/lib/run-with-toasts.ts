import type { i18n as I18n } from 'i18next';
import { toast, type ToastInput } from '../components/ui/toast-store';
import { failureDescription } from './error-message';

type Translator = Pick<I18n, 't' | 'exists'>;

export interface ToastTexts<T> {
  /** Title of the destructive toast ('Failed to …', spec §8); the server's reason goes under it. */
  failure: string;
  /** The toast after success, or a function of the answer; none when the screen shows the change itself. */
  success?: ToastInput | ((result: T) => ToastInput);
  /** A failure the screen shows itself (true: no toast), e.g. the borrow dialog's busy days. */
  shownInPlace?: (error: unknown) => boolean;
}

/**
 * Runs a user's action (a mutation's `mutateAsync`) and says how it went:
 * spec §8's destructive toast with the reason on failure, the success toast
 * otherwise. Never rejects: it resolves true on success, so the caller knows
 * whether to close its dialog or clear its input, and false on failure,
 * where whatever the user typed stays.
 */
export async function runWithToasts<T>(
  action: () => Promise<T>,
  i18n: Translator,
  texts: ToastTexts<T>,
): Promise<boolean> {
  let result: T;
  try {
    result = await action();
  } catch (error) {
    if (texts.shownInPlace?.(error)) return false;
    toast({ variant: 'destructive', title: texts.failure, description: failureDescription(error, i18n) });
    return false;
  }
  const { success } = texts;
  if (success !== undefined) toast(typeof success === 'function' ? success(result) : success);
  return true;
}
