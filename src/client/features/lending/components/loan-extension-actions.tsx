import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LendingRequest } from '@/contract/schemas/lending';
import { Button } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useAnswerExtension } from '../api/answer-extension';
import { usePendingExtension } from '../api/get-loan-extensions';
import { ConditionButton, ProblemFlag } from '../condition/condition-button';
import { AcceptDeclineButtons } from './accept-decline-buttons';
import { LoanDueLabel } from './loan-due-label';

// The form and its date rules load when the borrower first asks.
const ExtensionDialog = lazyDialog(() => import('./extension-dialog').then((m) => m.ExtensionDialog));

/**
 * The borrower's side of a loan on the card (issue 18): when it is due, and
 * "Ask to extend", or the open request waiting for the owner.
 */
export function BorrowerLoanPanel({ request }: { request: LendingRequest }) {
  const { t } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const pending = usePendingExtension(request.id);
  const [asking, setAsking] = useState(false);
  const due = request.expectedReturnDate;
  if (!due) return null;
  return (
    <div className="space-y-2" data-testid="borrower-loan">
      <LoanDueLabel dueDate={due} />
      {pending ? (
        <p className="text-sm text-slate-700" data-testid="extension-pending">
          {t('lending.extension.waiting', {
            date: formatCalendarDate(pending.requestedUntil),
            owner: request.owner.name,
          })}
        </p>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)} data-testid="extension-ask">
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          {t('lending.extension.ask')}
        </Button>
      )}
      {request.openProblem && <ProblemFlag />}
      <ConditionButton loanId={request.id} itemName={request.item.name} partnerName={request.owner.name} />
      <ExtensionDialog open={asking} onOpenChange={setAsking} request={{ ...request, expectedReturnDate: due }} />
    </div>
  );
}

/**
 * The owner's side: the borrower's open request to keep the item longer,
 * with Accept and Decline, where the card's other lending actions are.
 */
export function OwnerExtensionPanel({ request, borrowerName }: { request: LendingRequest; borrowerName: string }) {
  const { t, i18n } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const pending = usePendingExtension(request.id);
  const answer = useAnswerExtension();
  if (!pending) return null;

  const onAnswer = (verdict: 'accept' | 'decline') =>
    runWithToasts(() => answer.mutateAsync({ lendingRequestId: request.id, answer: verdict }), i18n, {
      failure: t('lending.extension.answerFailed'),
      success: { title: t(verdict === 'accept' ? 'lending.extension.accepted' : 'lending.extension.declined') },
    });

  return (
    <div
      className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-2.5 text-sm text-amber-950"
      data-testid="extension-request"
    >
      <p>{t('lending.extension.asked', { name: borrowerName, date: formatCalendarDate(pending.requestedUntil) })}</p>
      {pending.message && <p className="break-words italic">“{pending.message}”</p>}
      <AcceptDeclineButtons
        acceptLabel={t('lending.extension.accept')}
        declineLabel={t('lending.extension.decline')}
        onAccept={() => void onAnswer('accept')}
        onDecline={() => void onAnswer('decline')}
        disabled={answer.isPending}
        testIdPrefix="extension"
        layout="inline"
      />
    </div>
  );
}
