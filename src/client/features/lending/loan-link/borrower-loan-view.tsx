import { CalendarPlus, CheckCircle2, PackageCheck, UserPlus, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BorrowerLoan } from '@/contract/schemas/loan-link';
import { addDays } from '@/contract/schemas/lending';
import { extensionFormSchema } from '@/contract/schemas/loans';
import { Button } from '@/client/components/ui/button';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { isApiError } from '@/client/lib/api-client';
import { assignLocation } from '@/client/lib/full-page-navigation';
import { localIsoDate } from '@/client/lib/local-date';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useBorrowerLoan, useBorrowerStep } from '../api/loan-link';
import { ConditionPhotos } from '../condition/condition-photos';

/** Where more time asked for stands, written out so the key check sees each. */
const EXTENSION_KEYS = {
  waiting: 'loanLink.page.extension.waiting',
  accepted: 'loanLink.page.extension.accepted',
  declined: 'loanLink.page.extension.declined',
} as const;

/** Keeps search engines off the page while it is shown; the server says it too (X-Robots-Tag). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => {
      meta.remove();
    };
  }, []);
}

/**
 * /loan/{token} (issue 36, docs/decisions/0049): a loan, opened by its private
 * link without signing in. The item, its photos, the dates, the owner's
 * hand-out note and first name, and three steps: "I have it", "Ask for more
 * time", "I brought it back"; and joining Lendloop, which links the loan.
 */
export function BorrowerLoanView({ token }: { token: string }) {
  const { t } = useTranslation();
  useNoIndex();
  const query = useBorrowerLoan(token);
  if (query.isPending) return <p className="text-slate-600">{t('common.loading')}</p>;
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return (
      <p className="rounded-lg bg-slate-100 p-4 text-slate-800" data-testid="loan-link-gone">
        {t(gone ? 'loanLink.page.gone' : 'loanLink.page.loadFailed')}
      </p>
    );
  }
  return <LinkedLoan token={token} loan={query.data} />;
}

function LinkedLoan({ token, loan }: { token: string; loan: BorrowerLoan }) {
  const { t, i18n } = useTranslation();
  const { formatCalendarDate, formatDateTime } = useDateFormatters();
  const step = useBorrowerStep(token);
  const [asking, setAsking] = useState(false);
  const owner = loan.ownerFirstName;
  const act = (kind: 'have-it' | 'brought-back', success: string) =>
    runWithToasts(() => step.mutateAsync({ kind }), i18n, {
      failure: t('loanLink.page.failed'),
      success: { title: t(success, { owner }) },
    });
  const join = () =>
    runWithToasts(
      async () => {
        const answer = await step.mutateAsync({ kind: 'join' });
        if (answer) assignLocation(answer.inviteUrl);
      },
      i18n,
      { failure: t('loanLink.page.joinFailed') },
    );
  return (
    <div className="min-w-0 space-y-5" data-testid="linked-loan">
      <section className="min-w-0 space-y-2 pt-2">
        <h2 className="text-xl font-semibold wrap-anywhere text-slate-900" data-testid="linked-loan-title">
          {t('loanLink.page.title', { item: loan.item.name, owner })}
        </h2>
        <ConditionPhotos photos={loan.item.photos} label={t('loanLink.page.itemPhoto')} />
        {loan.item.description && (
          <p className="whitespace-pre-line wrap-anywhere text-slate-700">{loan.item.description}</p>
        )}
        <p className="text-sm text-slate-700" data-testid="linked-loan-dates">
          {[
            loan.lentOn && t('loanLink.page.lentOn', { date: formatCalendarDate(loan.lentOn) }),
            loan.dueDate && t('loanLink.page.dueOn', { date: formatCalendarDate(loan.dueDate) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </section>
      {loan.handover && (
        <section
          className="min-w-0 space-y-2 rounded-lg border border-slate-200 p-3"
          data-testid="linked-loan-handover"
        >
          <h3 className="text-sm font-semibold text-slate-900">{t('loanLink.page.handover', { owner })}</h3>
          <ConditionPhotos photos={loan.handover.photos} label={t('condition.atHandover')} />
          {loan.handover.note && <p className="text-sm wrap-anywhere text-slate-800">{loan.handover.note}</p>}
        </section>
      )}
      <section className="space-y-2" data-testid="linked-loan-status">
        {loan.handoverConfirmedAt && (
          <p className="flex items-center gap-2 text-sm text-emerald-800">
            <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('loanLink.page.confirmed', { date: formatDateTime(loan.handoverConfirmedAt) })}
          </p>
        )}
        {loan.extension && (
          <p className="text-sm text-slate-800" data-testid="linked-loan-extension">
            {t(EXTENSION_KEYS[loan.extension.answer ?? 'waiting'], {
              date: formatCalendarDate(loan.extension.until),
              owner,
            })}
          </p>
        )}
        {loan.returnReportedAt && (
          <p className="text-sm font-medium text-slate-900" data-testid="linked-loan-returned">
            {t('loanLink.page.returnReported', { owner })}
          </p>
        )}
      </section>
      {asking ? (
        <MoreTimeForm token={token} dueDate={loan.dueDate} onDone={() => setAsking(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {!loan.handoverConfirmedAt && (
            <Button
              onClick={() => void act('have-it', 'loanLink.page.confirmedToast')}
              data-testid="linked-loan-have-it"
            >
              <PackageCheck className="h-4 w-4" aria-hidden="true" />
              {t('loanLink.page.haveIt')}
            </Button>
          )}
          {loan.dueDate && (
            <Button variant="secondary" onClick={() => setAsking(true)} data-testid="linked-loan-more-time">
              <CalendarPlus className="h-4 w-4" aria-hidden="true" />
              {t('loanLink.page.moreTime')}
            </Button>
          )}
          {!loan.returnReportedAt && (
            <Button
              variant="secondary"
              onClick={() => void act('brought-back', 'loanLink.page.returnedToast')}
              data-testid="linked-loan-brought-back"
            >
              <Undo2 className="h-4 w-4" aria-hidden="true" />
              {t('loanLink.page.broughtBack')}
            </Button>
          )}
        </div>
      )}
      <section className="space-y-2 rounded-lg bg-brand-50 p-3" data-testid="linked-loan-join">
        <p className="text-sm text-slate-800">{t('loanLink.page.joinText')}</p>
        <Button variant="secondary" size="sm" onClick={() => void join()} data-testid="linked-loan-join-button">
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t('loanLink.page.join')}
        </Button>
      </section>
    </div>
  );
}

/** "Ask for more time": a later date and a note, with the rules of an extension in the app. */
function MoreTimeForm({ token, dueDate, onDone }: { token: string; dueDate: string | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const step = useBorrowerStep(token);
  const [today] = useState(() => localIsoDate());
  const due = dueDate ?? today;
  const [until, setUntil] = useState(() => addDays(due > today ? due : today, 7));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = extensionFormSchema(due, today).safeParse({ requestedUntil: until, message: note });
    setError(parsed.success ? null : t(parsed.error.issues[0]?.message ?? 'validation.extensionDateRequired'));
    if (!parsed.success) return;
    const sent = await runWithToasts(
      () => step.mutateAsync({ kind: 'extension', body: { requestedUntil: until, message: note } }),
      i18n,
      { failure: t('loanLink.page.failed'), success: { title: t('loanLink.page.askedToast') } },
    );
    if (sent) onDone();
  };
  return (
    <form
      noValidate
      className="space-y-3"
      data-testid="linked-loan-more-time-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('lending.extension.until')}
        type="date"
        value={until}
        onChange={(event) => setUntil(event.target.value)}
        error={error ?? undefined}
        data-testid="linked-loan-until"
      />
      <TextareaField
        label={t('lending.extension.message')}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="linked-loan-note"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={step.isPending} data-testid="linked-loan-ask">
          {t('loanLink.page.ask')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
