import { CircleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useDisputeLoan } from '../api/dispute-loan';

// Loaded when first opened: Radix Dialog (focus trap, scroll lock) is not needed to show the item cards
// this button sits on (docs/performance.md, client round 3).
const ConfirmDialog = lazyDialog(() => import('@/client/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));

export interface DisputeLoanActionProps {
  /** The recorded loan (a lending request of origin `recorded`). */
  requestId: string;
  itemName: string;
  ownerName: string;
  /**
   * Called once the loan is marked as not right. This button goes away with
   * the loan (the card or notice re-renders), so the caller moves focus to
   * what replaces it; without this, focus would fall back to the page body.
   */
  onDisputed?: () => void;
}

/**
 * The borrower's "That's not right" on a loan the owner recorded (issue 19,
 * docs/decisions/0028): asked once more in a dialog, since it ends the loan
 * and tells the owner.
 */
export function DisputeLoanAction({ requestId, itemName, ownerName, onDisputed }: DisputeLoanActionProps) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const dispute = useDisputeLoan();
  // While the dispute runs, the refreshed card may unmount the dialog and this trigger: no focus restore then.
  const disputing = useRef(false);

  const onConfirm = async () => {
    disputing.current = true;
    const done = await runWithToasts(() => dispute.mutateAsync(requestId), i18n, {
      failure: t('lending.dispute.failed'),
      success: { title: t('lending.dispute.done') },
    });
    if (!done) {
      disputing.current = false;
      return;
    }
    setAsking(false);
    onDisputed?.();
  };

  return (
    <>
      <Button variant="ghostDestructive" size="sm" onClick={() => setAsking(true)} data-testid="loan-dispute">
        <CircleAlert className="h-4 w-4" aria-hidden="true" />
        {t('lending.dispute.action')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('lending.dispute.title')}
        description={t('lending.dispute.description', { owner: ownerName, item: itemName })}
        confirmLabel={t('lending.dispute.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        onConfirm={() => void onConfirm()}
        pending={dispute.isPending}
        destructive
        onCloseAutoFocus={(event) => {
          if (disputing.current && onDisputed) event.preventDefault();
        }}
        data-testid="loan-dispute-dialog"
      />
    </>
  );
}
