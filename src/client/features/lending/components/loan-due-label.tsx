import { AlertTriangle, CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';
import { localIsoDate } from '@/client/lib/local-date';
import { loanDueState } from '@/client/lib/loan-due';

/** Dark text on a light tint (AA): calm while there is time, amber close to the date, red once it passed. */
const TONE = {
  calm: 'bg-slate-100 text-slate-800',
  soon: 'bg-amber-100 text-amber-900',
  overdue: 'bg-red-100 text-red-900',
} as const;

/**
 * A loan's due date as the card says it (issue 18): "Due in 3 days",
 * "Due today", "Overdue since 10 Jun 2026", counted in the reader's own
 * calendar days; the full date is in the tooltip and the <time> element.
 */
export function LoanDueLabel({ dueDate }: { dueDate: string }) {
  const { t } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const state = loanDueState(dueDate, localIsoDate());
  if (!state) return null;
  const date = formatCalendarDate(dueDate);
  const text =
    state.kind === 'overdue'
      ? t('lending.loan.overdueSince', { date })
      : state.kind === 'dueToday'
        ? t('lending.loan.dueToday')
        : t('lending.loan.dueIn', { count: state.days });
  const tone = state.kind === 'overdue' ? 'overdue' : state.kind === 'dueToday' || state.days <= 2 ? 'soon' : 'calm';
  const Icon = state.kind === 'overdue' ? AlertTriangle : CalendarClock;
  return (
    <p
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold', TONE[tone])}
      data-testid="loan-due"
      data-due-state={state.kind}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <time dateTime={dueDate} title={t('lending.loan.dueOn', { date })}>
        {text}
      </time>
    </p>
  );
}
