import { HandCoins, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OwnItem } from '../../../../contract/schemas/item';
import type { LendingRequest } from '../../../../contract/schemas/lending';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useDateFormatters } from '../../../i18n/use-date-formatters';
import { parseIsoDate } from '../../../lib/local-date';
import { itemErrorDescription } from '../../items/item-error-message';
import { useReturnItem } from '../api/return-item';
import { useUpdateLendingRequest } from '../api/update-lending-request';

/** "4 May 2030 – 5 May 2030", or the one date a request has; null without dates. */
function useRequestPeriod(request: LendingRequest): string | null {
  const { formatDate } = useDateFormatters();
  const dates = [request.requestedFrom, request.expectedReturnDate]
    .filter((value): value is string => value !== null)
    .map((value) => formatDate(parseIsoDate(value)));
  if (dates.length === 0) return null;
  return dates[0] === dates[1] ? (dates[0] ?? null) : dates.join(' – ');
}

/**
 * Spec §2 owner card while the item is lent out: 'Return Item' (the owner
 * has it back), and who has it until when when the request is known.
 */
export function ReturnItemAction({ item, request }: { item: OwnItem; request: LendingRequest | undefined }) {
  const { t, i18n } = useTranslation();
  const { formatDate } = useDateFormatters();
  const giveBack = useReturnItem();

  const onReturn = async () => {
    try {
      await giveBack.mutateAsync(item.id);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('lending.toasts.returnFailed'),
        description: itemErrorDescription(error, i18n),
      });
      return;
    }
    toast({ title: t('lending.toasts.returned') });
  };

  const until = request?.expectedReturnDate;
  return (
    <div className="space-y-2">
      {request && (
        <p className="text-sm text-slate-700" data-testid="item-lent-to">
          {until
            ? t('lending.owner.lentToUntil', { name: request.requester.name, date: formatDate(parseIsoDate(until)) })
            : t('lending.owner.lentTo', { name: request.requester.name })}
        </p>
      )}
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

  const onMarkBorrowed = async () => {
    try {
      await update.mutateAsync({ id: request.id, body: { status: 'borrowed' } });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('lending.toasts.updateFailed'),
        description: itemErrorDescription(error, i18n),
      });
      return;
    }
    toast({ title: t('lending.toasts.markedBorrowed') });
  };

  return (
    <div
      className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-2.5 text-sm text-emerald-950"
      data-testid="item-promised"
    >
      <p>
        {period
          ? t('lending.owner.promisedToFor', { name: request.requester.name, period })
          : t('lending.owner.promisedTo', { name: request.requester.name })}
      </p>
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
