import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { periodsOverlap } from '@/contract/reservations';
import { useItemAvailability } from '../api/get-item-availability';
import { AvailabilityCalendar } from './availability-calendar';
import { monthOf } from './calendar-days';
import { useCalendarMonth } from './use-calendar-month';

export interface BorrowDatesCalendarProps {
  itemId: string;
  today: string;
  /** The latest day a loan asked for today may reach (latest start plus the longest loan). */
  lastDay: string;
  from: string;
  until: string;
  onChange: (dates: { from: string; until: string }) => void;
}

/**
 * The borrow dialog's calendar (issue 35): busy days greyed out and not
 * pickable; the first tap picks the start (and the same day as the end, as
 * the form does for a typed start), the next tap on or after it the end.
 * The date fields below stay, for keyboards and for typing. The month
 * follows a start typed or suggested elsewhere.
 */
export function BorrowDatesCalendar({ itemId, today, lastDay, from, until, onChange }: BorrowDatesCalendarProps) {
  const { t } = useTranslation();
  const { month, setMonth, window, showDay } = useCalendarMonth(from || today);
  const availability = useItemAvailability(itemId, window);
  const busy = availability.data?.busy ?? [];
  const pickingEnd = useRef(false);
  const hintId = useId();

  const shownFrom = useRef(from);
  useEffect(() => {
    if (from && from !== shownFrom.current) showDay(from);
    shownFrom.current = from;
  }, [from, showDay]);

  const onPickDay = (day: string) => {
    if (pickingEnd.current && from && day >= from) {
      pickingEnd.current = false;
      onChange({ from, until: day });
    } else {
      pickingEnd.current = true;
      onChange({ from: day, until: day });
    }
  };
  const crossesBusy = from !== '' && until >= from && busy.some((period) => periodsOverlap(period, { from, until }));

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" id={hintId}>
        {t('reservations.borrow.pickDays')}
      </p>
      <AvailabilityCalendar
        month={month}
        onMonthChange={setMonth}
        busy={busy}
        today={today}
        loading={availability.isPending || availability.isPlaceholderData}
        onPickDay={onPickDay}
        minDay={today}
        maxDay={lastDay}
        selection={from ? { from, until: until >= from ? until : from } : undefined}
        minMonth={monthOf(today)}
        maxMonth={monthOf(lastDay)}
        describedBy={hintId}
        data-testid="borrow-calendar"
      />
      {crossesBusy && (
        <p role="status" className="text-sm text-amber-800" data-testid="borrow-crosses-busy">
          {t('reservations.borrow.crossesBusy')}
        </p>
      )}
    </div>
  );
}
