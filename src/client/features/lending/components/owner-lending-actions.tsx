import { CalendarCheck, HandCoins, Undo2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OwnItem } from '@/contract/schemas/item';
import { RESERVATION_PICKUP_GRACE_DAYS } from '@/contract/reservations';
import { addDays, type LendingRequest } from '@/contract/schemas/lending';
import { Button } from '@/client/components/ui/button';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useLocalToday } from '@/client/lib/use-local-today';
import { useKeepReservation } from '../api/keep-reservation';
import { useReturnItem } from '../api/return-item';
import { useUpdateLendingRequest } from '../api/update-lending-request';
import { ConditionButton, ProblemFlag } from '../condition/condition-button';
import { useOpenLoanCondition } from '../condition/loan-condition-host';
import { BorrowerLinkButton } from '../loan-link/borrower-link-button';
import { LoanDueLabel } from './loan-due-label';
import { OwnerExtensionPanel } from './loan-extension-actions';

/** "May 4, 2030 – May 5, 2030" (as the request message says it), or the one date a request has; null without dates. */
function useRequestPeriod(request: LendingRequest): string | null {
  const { t } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const from = request.requestedFrom === null ? '' : formatCalendarDate(request.requestedFrom);
  const until = request.expectedReturnDate === null ? '' : formatCalendarDate(request.expectedReturnDate);
  if (from === '' || until === '' || from === until) return from || until || null;
  return t('messages.request.dates', { from, until });
}

/**
 * Spec §2 owner card while the item is lent out: 'Return Item' (the owner
 * has it back), and who has it until when when the request is known.
 */
export function ReturnItemAction({ item, request }: { item: OwnItem; request: LendingRequest | undefined }) {
  const { t, i18n } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const giveBack = useReturnItem();
  const openLoanCondition = useOpenLoanCondition();

  const onReturn = async () => {
    const done = await runWithToasts(() => giveBack.mutateAsync(item.id), i18n, {
      failure: t('lending.toasts.returnFailed'),
      success: { title: t('lending.toasts.returned') },
    });
    // Marking it returned offers the return's condition at once (issue 36); the card itself turns back into
    // an item on the shelf, so the dialog opens in the signed-in frame.
    if (done && request) openLoanCondition({ loanId: request.id, itemName: item.name, partnerName: name });
  };

  // A loan recorded for someone without an account has no request: the item itself names them (issue 19).
  const offApp = request ? null : item.unregisteredBorrower;
  const until = request?.expectedReturnDate ?? offApp?.expectedReturnDate;
  const name = request ? requesterLabel(t, request) : (offApp?.name ?? '');
  return (
    <div className="space-y-2">
      {(request || offApp) && (
        <p className="text-sm text-slate-700" data-testid="item-lent-to">
          {until
            ? t('lending.owner.lentToUntil', { name, date: formatCalendarDate(until) })
            : t('lending.owner.lentTo', { name })}
        </p>
      )}
      {until && <LoanDueLabel dueDate={until} />}
      {request?.openProblem && <ProblemFlag />}
      {request && <OwnerExtensionPanel request={request} borrowerName={name} />}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          size="sm"
          onClick={() => void onReturn()}
          disabled={giveBack.isPending}
          data-testid="item-return"
        >
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          {t('items.card.returnItem')}
        </Button>
        {request && <ConditionButton loanId={request.id} itemName={item.name} partnerName={name} />}
        {offApp && <ConditionButton loanId={offApp.loanId} itemName={item.name} partnerName={offApp.name} />}
        {offApp && <BorrowerLinkButton loanId={offApp.loanId} itemName={item.name} borrowerName={offApp.name} />}
      </div>
    </div>
  );
}

/**
 * An accepted request waits for the hand-over: the owner marks it borrowed
 * when the borrower picks the item up (spec §4). Accept and decline live in
 * Messages; this is the step that has no other place in the spec's screens.
 */
export function HandOverAction({ request }: { request: LendingRequest }) {
  const { t, i18n } = useTranslation();
  const period = useRequestPeriod(request);
  const update = useUpdateLendingRequest();

  const onMarkBorrowed = () =>
    runWithToasts(() => update.mutateAsync({ id: request.id, body: { status: 'borrowed' } }), i18n, {
      failure: t('lending.toasts.updateFailed'),
      success: { title: t('lending.toasts.markedBorrowed') },
    });

  return (
    <div
      className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-2.5 text-sm text-emerald-950"
      data-testid="item-promised"
    >
      <p>
        {period
          ? t('lending.owner.promisedToFor', { name: requesterLabel(t, request), period })
          : t('lending.owner.promisedTo', { name: requesterLabel(t, request) })}
      </p>
      <PickupGrace request={request} />
      <Button
        variant="primary"
        size="sm"
        onClick={() => void onMarkBorrowed()}
        disabled={update.isPending}
        data-testid="item-mark-borrowed"
      >
        <HandCoins className="h-4 w-4" aria-hidden="true" />
        {t('lending.owner.markBorrowed')}
      </Button>
    </div>
  );
}

/**
 * Once a promised reservation's first day has passed without the hand-over
 * (issue 35): the day it will be released, and "Keep reservation" for an
 * owner who knows the borrower is only late. Nothing before the first day.
 */
function PickupGrace({ request }: { request: LendingRequest }) {
  const { t, i18n } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  const today = useLocalToday();
  const keep = useKeepReservation();
  if (request.requestedFrom === null || request.requestedFrom >= today) return null;
  if (request.keptPastPickup) {
    return <p data-testid="item-reservation-kept">{t('lending.owner.kept')}</p>;
  }
  const onKeep = () =>
    runWithToasts(() => keep.mutateAsync(request.id), i18n, {
      failure: t('lending.toasts.keepFailed'),
      success: { title: t('lending.toasts.kept') },
    });
  const releasedOn = addDays(request.requestedFrom, RESERVATION_PICKUP_GRACE_DAYS);
  return (
    <div className="space-y-2" data-testid="item-pickup-grace">
      <p>{t('lending.owner.pickupDue', { date: formatCalendarDate(releasedOn) })}</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void onKeep()}
        disabled={keep.isPending}
        data-testid="item-keep-reservation"
      >
        <CalendarCheck className="h-4 w-4" aria-hidden="true" />
        {t('lending.owner.keep')}
      </Button>
    </div>
  );
}

/** A requester who deleted their account shows as a translated "Deleted account" (docs/decisions/0015). */
function requesterLabel(t: TFunction, request: LendingRequest): string {
  return request.requester.deleted ? t('messages.deletedAccount') : request.requester.name;
}
