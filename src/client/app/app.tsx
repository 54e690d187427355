import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { AppStatus } from '../features/installable-app/components/app-status';
import { AppProvider } from './provider';
import { watchFirstScreen } from '../lib/first-screen';
import { AppRouter } from './router';

export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  // The first page has been committed: requests its components started wait until it is on screen (lib/first-screen).
  useEffect(() => watchFirstScreen(), []);
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <AppStatus />
      <AppRouter />
    </AppProvider>
  );
}
