import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/ui/brand-logo';
import { Button } from '../../components/ui/button';

/**
 * The session check got no answer at all (offline, or the server's network
 * gone). Showing the signed-out pages then would tell a signed-in person to
 * log in (a deep link opened offline said "Login required"); this page says
 * what is really going on. The check runs again when the network comes back
 * (features/installable-app refetches failed queries), or on "Try again".
 */
export function SessionUnreachablePage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3">
          <BrandLogo />
          <span className="text-lg font-bold text-slate-900">Lendloop</span>
        </div>
      </header>
      <main
        id="main-content"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-16 text-center"
        data-testid="session-unreachable"
      >
        <CloudOff className="h-10 w-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('sessionUnreachable.title')}</h1>
        <p className="mt-2 text-slate-700">{t('sessionUnreachable.text')}</p>
        <Button className="mt-6" onClick={onRetry} disabled={retrying} data-testid="session-unreachable-retry">
          {t('sessionUnreachable.retry')}
        </Button>
      </main>
    </div>
  );
}
