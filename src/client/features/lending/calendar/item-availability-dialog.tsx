import { useTranslation } from 'react-i18next';
import type { BusyPeriod } from '@/contract/reservations';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { formatCalendarDate } from '@/client/lib/format-date';
import { useLocalToday } from '@/client/lib/use-local-today';
import { useItemAvailability } from '../api/get-item-availability';
import { AvailabilityCalendar } from './availability-calendar';
import { monthOf } from './calendar-days';
import { useCalendarMonth } from './use-calendar-month';
import { WaitingPeople, WaitlistControls } from './waitlist-controls';

export interface ItemAvailabilityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: { id: string; name: string };
  /** The owner reads who has which days; everyone else sees only busy days. */
  asOwner: boolean;
}

/** When an item is free (issue 35): a month calendar, and for its owner who holds which days. */
export function ItemAvailabilityDialog({ open, onOpenChange, item, asOwner }: ItemAvailabilityDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t('reservations.dialog.title', { name: item.name })}
          description={t(asOwner ? 'reservations.dialog.ownerDescription' : 'reservations.dialog.description')}
          closeLabel={t('common.close')}
          data-testid="item-availability-dialog"
        >
          <ItemAvailability itemId={item.id} asOwner={asOwner} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ItemAvailability({ itemId, asOwner }: { itemId: string; asOwner: boolean }) {
  const { t } = useTranslation();
  const today = useLocalToday();
  const { month, setMonth, window } = useCalendarMonth(today);
  const availability = useItemAvailability(itemId, window);
  const busy = availability.data?.busy ?? [];
  return (
    <div className="space-y-4">
      <AvailabilityCalendar
        month={month}
        onMonthChange={setMonth}
        busy={busy}
        today={today}
        loading={availability.isPending || availability.isPlaceholderData}
        minMonth={monthOf(today)}
        data-testid="item-availability-calendar"
      />
      {availability.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('reservations.dialog.loadFailed')}
        </p>
      )}
      {asOwner ? (
        <>
          <OwnerBookings busy={busy} />
          <WaitingPeople itemId={itemId} />
        </>
      ) : (
        <WaitlistControls itemId={itemId} />
      )}
    </div>
  );
}

const REASON_KEYS = {
  accepted: 'reservations.owner.accepted',
  borrowed: 'reservations.owner.borrowed',
  personal: 'reservations.owner.personal',
} as const;

/** The owner's list of the month's held periods: who, which days, and whether it is a promise or out now. */
function OwnerBookings({ busy }: { busy: readonly BusyPeriod[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const day = (value: string) => formatCalendarDate(value, language);
  if (busy.length === 0) {
    return <p className="text-sm text-slate-600">{t('reservations.owner.none')}</p>;
  }
  return (
    <ul className="space-y-2" data-testid="item-bookings">
      {busy.map((period) => {
        const details = period.owner;
        if (!details) return null;
        const dates =
          period.until === null
            ? t('reservations.owner.fromOn', { from: day(period.from) })
            : t('reservations.owner.period', { from: day(period.from), until: day(period.until) });
        return (
          <li
            key={`${period.from}-${details.requestId ?? 'personal'}`}
            className="rounded-lg border border-slate-200 p-3 text-sm"
          >
            <p className="font-medium break-words text-slate-900">
              {details.borrowerName
                ? t(REASON_KEYS[details.reason], { name: details.borrowerName })
                : t(REASON_KEYS.personal)}
            </p>
            <p className="text-slate-600">
              {dates}
              {details.overdue && ` · ${t('reservations.owner.overdue')}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
