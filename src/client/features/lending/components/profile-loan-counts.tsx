import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoanCounts } from '../api/get-loan-counts';
import { LoanCountsLine } from './loan-counts';

/**
 * "Lent 12 · Borrowed 5" on one's own profile (issue 19): loans handed out,
 * disputed ones left out. A card in the look of the profile's own cards
 * (the profile feature's card is its own; features do not share components).
 */
export function ProfileLoanCounts() {
  const { t } = useTranslation();
  const headingId = useId();
  const counts = useLoanCounts();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-6"
      data-testid="profile-loan-counts"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('loanHistory.counts.title')}
      </h2>
      <div className="mt-3">
        {counts.data ? (
          <LoanCountsLine counts={counts.data} />
        ) : counts.isError ? (
          <p className="text-sm text-slate-600">{t('loanHistory.counts.loadFailed')}</p>
        ) : (
          <span className="inline-block h-7 w-40 animate-pulse rounded bg-slate-200" aria-hidden="true" />
        )}
      </div>
    </section>
  );
}
