import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';

interface LoanQueryStateProps<T> {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** A history query's three faces: loading, failed with Try again, or its content. */
export function LoanQueryState<T>({ query, children }: LoanQueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-900" role="alert">
        <p>{t('loanHistory.history.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('loanHistory.history.retry')}
        </Button>
      </div>
    );
  }
  return (
    // Not the page Spinner: that one is a <main> landmark, and this sits in a dialog.
    <div role="status" className="flex justify-center py-6" data-testid="loan-history-loading">
      <LoaderCircle className="h-6 w-6 animate-spin text-brand-700" aria-hidden="true" />
      <span className="sr-only">{t('loanHistory.history.loading')}</span>
    </div>
  );
}
