import { CalendarDays, CircleCheck, Clock, HandHelping, PackageCheck, CircleX, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedItem } from '@/contract/schemas/item';
import type { LendingRequest } from '@/contract/schemas/lending';
import { Button } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useWithdrawLendingRequest } from '../api/withdraw-lending-request';
import { isReservedForPersonalUse } from '@/contract/items';
import { localIsoDate } from '@/client/lib/local-date';
import { unavailableReasonKey } from '../request-state';
import { DisputeLoanAction } from './dispute-loan-action';
import { BorrowerLoanPanel } from './loan-extension-actions';
import { UnavailableAction } from './unavailable-action';

// Loaded when first opened: the calendar is not needed to show the cards.
const ItemAvailabilityDialog = lazyDialog(() =>
  import('../calendar/item-availability-dialog').then((m) => m.ItemAvailabilityDialog),
);

/** "When is it free?": the item's calendar, busy days only (issue 35). */
function CalendarButton({ item }: { item: SharedItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="iconSm"
        onClick={() => setOpen(true)}
        aria-label={t('reservations.calendar.actionNamed', { name: item.name })}
        title={t('reservations.calendar.action')}
        data-testid="item-calendar"
      >
        <CalendarDays className="h-4 w-4" aria-hidden="true" />
      </Button>
      <ItemAvailabilityDialog open={open} onOpenChange={setOpen} item={item} asOwner={false} />
    </>
  );
}

/** A disabled button that states where the user's request stands (spec §2: 'Request Accepted'). */
function RequestStatus({ icon: Icon, label, testId }: { icon: LucideIcon; label: string; testId: string }) {
  return (
    <Button variant="secondary" size="sm" disabled data-testid={testId}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** Spec §2: a pending request shows a disabled 'Request Pending' and a cancel icon that withdraws it. */
function PendingRequest({ item, request }: { item: SharedItem; request: LendingRequest }) {
  const { t, i18n } = useTranslation();
  const withdraw = useWithdrawLendingRequest();

  const onWithdraw = () =>
    runWithToasts(() => withdraw.mutateAsync(request.id), i18n, {
      failure: t('lending.toasts.withdrawFailed'),
      success: { title: t('lending.toasts.withdrawn') },
    });

  return (
    <div className="flex items-center gap-2">
      <RequestStatus icon={Clock} label={t('lending.card.requestPending')} testId="item-request-pending" />
      <Button
        variant="ghostDestructive"
        size="iconSm"
        onClick={() => void onWithdraw()}
        disabled={withdraw.isPending}
        aria-label={t('lending.card.withdrawNamed', { name: item.name })}
        title={t('lending.card.withdraw')}
        data-testid="item-withdraw-request"
      >
        <CircleX className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * A loan the owner recorded (issue 19): who wrote it down, and the
 * borrower's "That's not right", which ends it and tells the owner.
 */
function RecordedLoanNote({ request, onDisputed }: { request: LendingRequest; onDisputed: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="item-request-recorded">
      <p className="text-sm text-slate-700">{t('lending.card.recordedBy', { name: request.owner.name })}</p>
      <DisputeLoanAction
        requestId={request.id}
        itemName={request.item.name}
        ownerName={request.owner.name}
        onDisputed={onDisputed}
      />
    </div>
  );
}

/**
 * Disputed loans whose note should take focus when it appears. Module-wide,
 * not per component: the list may re-render the card (or the dialog's
 * focus trap may still hold focus) when the dispute returns, so the note
 * claims focus when it mounts, or at once if it is already there.
 */
const disputedNotesToFocus = new Set<string>();

function focusDisputedNoteSoon(requestId: string) {
  disputedNotesToFocus.add(requestId);
  // After the closing dialog's own focus handling (Radix runs it in a timeout too).
  setTimeout(() => {
    const note = document.querySelector<HTMLElement>(`[data-disputed-request="${requestId}"]`);
    if (!note) return;
    disputedNotesToFocus.delete(requestId);
    note.focus();
  }, 0);
}

function disputedNoteRef(node: HTMLParagraphElement | null) {
  const requestId = node?.dataset.disputedRequest;
  if (!node || !requestId || !disputedNotesToFocus.has(requestId)) return;
  disputedNotesToFocus.delete(requestId);
  node.focus();
}

export interface RequestActionsProps {
  item: SharedItem;
  /** The user's own request for this item that the card shows (see sentRequestByItem). */
  request: LendingRequest | undefined;
  /** Opens the borrow dialog; absent until the user and their requests are known. */
  onRequest: ((item: SharedItem) => void) | undefined;
}

/**
 * Spec §2 non-owner card actions: an active request of the user is shown
 * with its status instead of 'Request' (pending with withdraw, accepted,
 * borrowed by the user); otherwise 'Request' and the item's calendar.
 * Request is enabled unless the owner keeps the item in use (the reason
 * beside it): while it is out, promised or reserved, later days can be
 * asked for, and a note says so (docs/decisions/0047, the spec's "only when
 * available" extended).
 * After a decline the user may ask again, with a note that they were declined.
 */
export function RequestActions({ item, request, onRequest }: RequestActionsProps) {
  const { t } = useTranslation();
  // After "That's not right" its button is gone: focus goes to the note that replaces it (see DisputeLoanAction).
  const onDisputed = () => {
    if (request) focusDisputedNoteSoon(request.id);
  };
  const disputed = request?.status === 'disputed' && (
    <p
      ref={disputedNoteRef}
      tabIndex={-1}
      className="text-xs text-slate-600"
      data-disputed-request={request.id}
      data-testid="item-request-disputed"
    >
      {t('lending.card.disputed')}
    </p>
  );
  if (request?.status === 'pending') return <PendingRequest item={item} request={request} />;
  if (request?.status === 'accepted') {
    return (
      <RequestStatus icon={CircleCheck} label={t('lending.card.requestAccepted')} testId="item-request-accepted" />
    );
  }
  if (request?.status === 'borrowed') {
    return (
      <div className="space-y-2">
        <RequestStatus icon={PackageCheck} label={t('lending.card.borrowedByYou')} testId="item-request-borrowed" />
        {request.origin === 'recorded' && <RecordedLoanNote request={request} onDisputed={onDisputed} />}
        <BorrowerLoanPanel request={request} />
      </div>
    );
  }

  const reasonKey = unavailableReasonKey(item);
  // Out, promised or kept by the owner today: later days can still be asked for (docs/decisions/0047).
  const heldNow =
    item.status === 'borrowed' || item.promised || isReservedForPersonalUse(item.personalUseUntil, localIsoDate());
  if (reasonKey !== undefined || onRequest === undefined) {
    return (
      <div className="space-y-1.5">
        {disputed}
        <UnavailableAction
          icon={HandHelping}
          label={t('items.card.request')}
          reason={reasonKey && t(reasonKey)}
          testId="item-request"
        />
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      {request?.status === 'declined' && (
        <p className="text-xs text-slate-600" data-testid="item-request-declined">
          {t('lending.card.declinedNote')}
        </p>
      )}
      {request?.status === 'released' && (
        <p className="text-xs text-slate-600" data-testid="item-request-released">
          {t('lending.card.releasedNote')}
        </p>
      )}
      {disputed}
      {heldNow && (
        <p className="text-xs text-slate-600" data-testid="item-request-later">
          {t('reservations.card.bookLater')}
        </p>
      )}
      <div className="flex items-center gap-2">
        <Button variant="primary" size="sm" onClick={() => onRequest(item)} data-testid="item-request">
          <HandHelping className="h-4 w-4" aria-hidden="true" />
          {t('items.card.request')}
        </Button>
        <CalendarButton item={item} />
      </div>
    </div>
  );
}
