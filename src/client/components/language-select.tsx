import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../contract/enums';
import { LANGUAGE_NATIVE_NAMES, toSupportedLanguage } from '../i18n/languages';
import { cn } from '../lib/cn';
import { FOCUS_RING } from './ui/button';

/**
 * Native <select> of the interface languages: the phone's own picker on
 * mobile, keyboard friendly everywhere. i18next caches the choice (local
 * storage and cookie), so it survives a reload.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = toSupportedLanguage(i18n.resolvedLanguage) ?? toSupportedLanguage(i18n.language) ?? FALLBACK_LANGUAGE;

  return (
    <div className={cn('relative flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages className="pointer-events-none absolute left-2.5 h-4 w-4 text-slate-700" aria-hidden="true" />
      <select
        id={id}
        data-testid="language-select"
        value={current}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className={cn(
          'h-10 appearance-none rounded-lg border border-slate-300 bg-white py-0 pr-3 pl-8 text-sm text-slate-900',
          FOCUS_RING,
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NATIVE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
