import { Cookie } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { ACCEPT_ALL, ESSENTIAL_ONLY } from '../consent-storage';
import { openCookieSettings, saveCookieChoice } from '../consent-store';

/** Bottom banner asking for a cookie choice; shown until one is stored. */
export function CookieBanner() {
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <section
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {t('cookies.banner.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('cookies.banner.text')}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 md:shrink-0">
          <Button variant="ghost" onClick={openCookieSettings}>
            {t('cookies.banner.settings')}
          </Button>
          <Button variant="secondary" onClick={() => saveCookieChoice(ESSENTIAL_ONLY)}>
            {t('cookies.banner.essentialOnly')}
          </Button>
          <Button onClick={() => saveCookieChoice(ACCEPT_ALL)}>{t('cookies.banner.acceptAll')}</Button>
        </div>
      </div>
    </section>
  );
}
