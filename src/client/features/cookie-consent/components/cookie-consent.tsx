import { lazy, Suspense, useEffect } from 'react';
import { enforceStoredCookieChoice, useCookieConsentState } from '../consent-store';
import { CookieBanner } from './cookie-banner';

// The settings dialog (Radix dialog and switch) loads on first open, not with every page.
const CookieSettingsDialog = lazy(() =>
  import('./cookie-settings-dialog').then((m) => ({ default: m.CookieSettingsDialog })),
);

/** Banner until a choice is stored, plus the settings dialog; for signed-out and signed-in visitors alike. */
export function CookieConsent() {
  const { consent, settingsOpen } = useCookieConsentState();

  useEffect(() => {
    enforceStoredCookieChoice();
  }, []);

  return (
    <>
      {consent === null && <CookieBanner />}
      {settingsOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog />
        </Suspense>
      )}
    </>
  );
}
