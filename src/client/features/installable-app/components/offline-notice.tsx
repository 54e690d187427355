import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "You're offline" at the top of every screen while the server cannot be reached (network-status.ts). */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="offline-notice" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      {/* As wide as the header below it (app-header.tsx), so the texts line up. */}
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm">
        <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>
          <span className="font-semibold">{t('installableApp.offline.title')}</span> {t('installableApp.offline.text')}
        </p>
      </div>
    </div>
  );
}
