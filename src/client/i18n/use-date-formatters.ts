import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDaysAgo,
  formatFullDateTime,
  formatMessageTime,
  formatRelativeTime,
  formatSeconds,
  type DateInput,
} from '../lib/format-date';
import { FALLBACK_LANGUAGE } from '../../contract/enums';
import { toSupportedLanguage } from './languages';

/**
 * The regional variant the browser asked for (e.g. `de-CH`, `en-GB`) formats
 * dates the way the reader expects, as long as it belongs to the language the
 * texts are shown in; otherwise the shown language itself.
 */
export function getFormattingLocale(detected: string | undefined, resolved: string | undefined): string {
  const fallback = resolved ?? FALLBACK_LANGUAGE;
  if (detected && toSupportedLanguage(detected) === fallback) return detected;
  return fallback;
}

/** The date helpers of lib/format-date bound to the active interface language. */
export function useDateFormatters() {
  const { i18n } = useTranslation();
  const language = getFormattingLocale(i18n.language, i18n.resolvedLanguage);
  return useMemo(
    () => ({
      language,
      formatDate: (value: DateInput, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
      formatDateTime: (value: DateInput) => formatDateTime(value, language),
      formatCalendarDate: (value: string, options?: Intl.DateTimeFormatOptions) =>
        formatCalendarDate(value, language, options),
      formatMessageTime: (value: DateInput, now?: DateInput) => formatMessageTime(value, language, now),
      formatFullDateTime: (value: DateInput) => formatFullDateTime(value, language),
      formatRelativeTime: (value: DateInput, now?: DateInput) => formatRelativeTime(value, language, now),
      formatDaysAgo: (value: DateInput, now?: DateInput) => formatDaysAgo(value, language, now),
      formatSeconds: (seconds: number) => formatSeconds(seconds, language),
    }),
    [language],
  );
}
