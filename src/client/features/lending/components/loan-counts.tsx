import { useTranslation } from 'react-i18next';
import type { LoanCounts } from '@/contract/schemas/loan-history';

/** "Lent 3 · Borrowed 1": the two counts as a description list, the numbers stand out. */
export function LoanCountsLine({ counts }: { counts: LoanCounts }) {
  const { t } = useTranslation();
  return (
    <dl
      aria-label={t('loanHistory.counts.label')}
      className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-700"
      data-testid="loan-counts"
    >
      <div className="flex items-baseline gap-1.5">
        <dt>{t('loanHistory.counts.lent')}</dt>
        <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="loan-counts-lent">
          {counts.lent}
        </dd>
      </div>
      <span aria-hidden="true" className="text-slate-400">
        ·
      </span>
      <div className="flex items-baseline gap-1.5">
        <dt>{t('loanHistory.counts.borrowed')}</dt>
        <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="loan-counts-borrowed">
          {counts.borrowed}
        </dd>
      </div>
    </dl>
  );
}
