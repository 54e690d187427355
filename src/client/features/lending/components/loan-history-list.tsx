import type { TFunction } from 'i18next';
import { AlertTriangle, ClipboardCheck, NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanHistoryEntry } from '@/contract/schemas/loan-history';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import { OUTCOME_KEYS } from '../condition/condition-labels';

// Loaded when first opened: a loan's condition is not needed to show the list.
const LoanConditionDialog = lazyDialog(() =>
  import('../condition/loan-condition-dialog').then((m) => m.LoanConditionDialog),
);

/** Where a loan stands, as the history shows it. */
export type LoanOutcome = 'onTime' | 'late' | 'returned' | 'out' | 'disputed' | 'notHandedOut';

export function loanOutcome(entry: Pick<LoanHistoryEntry, 'status' | 'returnedLate'>): LoanOutcome {
  switch (entry.status) {
    case 'returned':
      return entry.returnedLate === null ? 'returned' : entry.returnedLate ? 'late' : 'onTime';
    case 'borrowed':
      return 'out';
    case 'disputed':
      return 'disputed';
    default:
      return 'notHandedOut';
  }
}

/** Written out so the key check sees every key. Dark text on a light tint: AA contrast. */
const OUTCOMES: Record<LoanOutcome, { key: string; className: string }> = {
  onTime: { key: 'loanHistory.history.status.onTime', className: 'bg-emerald-100 text-emerald-900' },
  late: { key: 'loanHistory.history.status.late', className: 'bg-amber-100 text-amber-900' },
  returned: { key: 'loanHistory.history.status.returned', className: 'bg-slate-100 text-slate-800' },
  out: { key: 'loanHistory.history.status.out', className: 'bg-sky-100 text-sky-900' },
  disputed: { key: 'loanHistory.history.status.disputed', className: 'bg-red-100 text-red-900' },
  notHandedOut: { key: 'loanHistory.history.status.notHandedOut', className: 'bg-slate-100 text-slate-800' },
};

/** A partner who deleted their account shows as "Deleted account" (docs/decisions/0015). */
export function partnerName(t: TFunction, partner: LoanHistoryEntry['partner']): string {
  return partner.deleted ? t('messages.deletedAccount') : partner.name;
}

export interface LoanHistoryListProps {
  entries: readonly LoanHistoryEntry[];
  /**
   * `item`: one item's history (the dialog names the item; each row says who);
   * `person`: the loans with one person (each row names the item).
   */
  subject: 'item' | 'person';
  emptyText: string;
}

/**
 * Issue 19 history: who had what and when, whether it came back on time,
 * late, is still out or was marked as not right; "Recorded" for loans the
 * owner wrote down; the kept name of a deleted item; "Deleted account" for
 * a partner who left.
 */
export function LoanHistoryList({ entries, subject, emptyText }: LoanHistoryListProps) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600" data-testid="loan-history-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <ul
      aria-label={t('loanHistory.history.listLabel')}
      className="divide-y divide-slate-200"
      data-testid="loan-history"
    >
      {entries.map((entry) => (
        <LoanHistoryRow key={entry.id} entry={entry} subject={subject} />
      ))}
    </ul>
  );
}

function LoanHistoryRow({ entry, subject }: { entry: LoanHistoryEntry; subject: 'item' | 'person' }) {
  const { t } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const outcome = OUTCOMES[loanOutcome(entry)];
  const name = partnerName(t, entry.partner);
  const who = t(entry.role === 'lent' ? 'loanHistory.history.lentTo' : 'loanHistory.history.borrowedFrom', { name });
  const from = entry.lentOn && formatCalendarDate(entry.lentOn);
  const until = entry.returnedOn && formatCalendarDate(entry.returnedOn);
  // "Since" only while it is out: a disputed loan ended without a return day, so it shows the day it was lent.
  const period =
    from && until
      ? t('loanHistory.history.period', { from, until })
      : from && entry.status === 'borrowed'
        ? t('loanHistory.history.since', { date: from })
        : from;
  const due = entry.status === 'borrowed' && entry.expectedReturnDate;

  return (
    <li className="space-y-1 py-3" data-testid="loan-history-entry" data-outcome={loanOutcome(entry)}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          {subject === 'person' && (
            <p className="font-medium break-words text-slate-900" data-testid="loan-history-item">
              {entry.itemName}
              {entry.itemId === null && (
                <span className="ml-2 text-xs font-normal text-slate-600">
                  ({t('loanHistory.history.itemDeleted')})
                </span>
              )}
            </p>
          )}
          <p
            className={cn('break-words', subject === 'item' ? 'font-medium text-slate-900' : 'text-sm text-slate-700')}
            data-testid="loan-history-partner"
          >
            {who}
          </p>
        </div>
        <span
          className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', outcome.className)}
          data-testid="loan-history-status"
        >
          {t(outcome.key)}
        </span>
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        {period && <span data-testid="loan-history-period">{period}</span>}
        {due && <span>{t('loanHistory.history.due', { date: formatCalendarDate(due) })}</span>}
        {entry.returnCondition && (
          <span data-testid="loan-history-condition">
            {t('condition.cameBackAs', { outcome: t(OUTCOME_KEYS[entry.returnCondition]) })}
          </span>
        )}
        {entry.openProblem && (
          <span className="inline-flex items-center gap-1 text-amber-800" data-testid="loan-history-problem">
            <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
            {t('condition.problemOpen')}
          </span>
        )}
        {entry.origin === 'recorded' && (
          <span className="inline-flex items-center gap-1 text-slate-700" data-testid="loan-history-recorded">
            <NotebookPen className="h-3.5 w-3.5" aria-hidden="true" />
            {t('loanHistory.history.recorded')}
          </span>
        )}
      </p>
      {entry.note && (
        <p className="border-l-4 border-slate-200 pl-2 text-sm break-words whitespace-pre-wrap text-slate-700">
          {entry.note}
        </p>
      )}
      {HAS_CONDITION.has(entry.status) && <ConditionButton entry={entry} partner={name} />}
    </li>
  );
}

/** A loan that was handed out has a condition record (issue 36). */
const HAS_CONDITION = new Set(['borrowed', 'returned']);

function ConditionButton({ entry, partner }: { entry: LoanHistoryEntry; partner: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('condition.openNamed', { item: entry.itemName })}
        data-testid="loan-history-open-condition"
      >
        <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
        {t('condition.open')}
      </Button>
      <LoanConditionDialog
        open={open}
        onOpenChange={setOpen}
        loanId={entry.id}
        itemName={entry.itemName}
        partnerName={partner}
      />
    </>
  );
}
