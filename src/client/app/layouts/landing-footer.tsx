import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../components/ui/button';
import { openCookieSettings } from '../../features/cookie-consent/consent-store';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:justify-between">
        <p>{t('landing.footer.tagline')}</p>
        <div className="flex flex-wrap items-center justify-center gap-1">
          <Link href="/gdpr" className={buttonClasses('ghost', 'sm')} data-testid="footer-privacy">
            {t('landing.footer.privacy')}
          </Link>
          <Button variant="ghost" size="sm" onClick={openCookieSettings}>
            {t('landing.footer.cookieSettings')}
          </Button>
        </div>
      </div>
    </footer>
  );
}
