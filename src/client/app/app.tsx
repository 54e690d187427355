import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { AppStatus } from '../features/installable-app/components/app-status';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <AppStatus />
      <AppRouter />
    </AppProvider>
  );
}
