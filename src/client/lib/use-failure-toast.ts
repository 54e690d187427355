import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast-store';
import { failureDescription } from './error-message';

/**
 * Spec §8: a failed fetch appears as a destructive toast with `title` ('Failed
 * to fetch messages'). Only when the query turns into an error: a poll that
 * fails again while it is still failing stays quiet (the inline error state
 * remains), and a failure after a success toasts again.
 */
export function useFailureToast(query: { isError: boolean; error: unknown }, title: string): void {
  const { i18n } = useTranslation();
  const wasError = useRef(false);
  const { isError, error } = query;
  useEffect(() => {
    if (isError && !wasError.current) {
      toast({ variant: 'destructive', title, description: failureDescription(error, i18n) });
    }
    wasError.current = isError;
  }, [isError, error, title, i18n]);
}
