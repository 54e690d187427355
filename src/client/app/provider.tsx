import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { CookieConsent } from '../features/cookie-consent/components/cookie-consent';

interface AppProviderProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything the screens need around them. The i18n instance and query client
 * are passed in so tests can provide their own (bundled English, fresh cache).
 */
export function AppProvider({ i18n, queryClient, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <CookieConsent />
        <LazyToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
