import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Period } from '@/contract/reservations';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { formatCalendarDate } from '@/client/lib/format-date';
import { addMonths, isBusy, monthGrid, monthOf, weekStartFor, weekdaysFrom } from './calendar-days';

export interface DaySelection {
  from?: string;
  until?: string;
}

export interface AvailabilityCalendarProps {
  /** `YYYY-MM` of the month shown. */
  month: string;
  onMonthChange: (month: string) => void;
  busy: readonly Period[];
  today: string;
  /** While the month's days load: the grid is shown, its busy days not yet. */
  loading?: boolean;
  /** Picking days (the borrow dialog); without it the calendar only shows. */
  onPickDay?: (day: string) => void;
  /** Days before it cannot be picked (a borrow form's today). */
  minDay?: string;
  /** Days after it cannot be picked (the latest start plus the longest loan). */
  maxDay?: string;
  selection?: DaySelection;
  /** Months before it cannot be shown (the current month). */
  minMonth?: string;
  maxMonth?: string;
  /** The id of a text that says how to pick days (the borrow dialog's hint). */
  describedBy?: string;
  'data-testid'?: string;
}

function inSelection(day: string, selection: DaySelection | undefined): boolean {
  if (!selection?.from) return false;
  return day >= selection.from && day <= (selection.until ?? selection.from);
}

/**
 * A month of an item's days (issue 35): busy days greyed and struck out,
 * today ringed, in the reader's language and week start. In the borrow
 * dialog free days are buttons and the chosen days are filled; elsewhere
 * it only shows. It never tells why a day is busy: the owner reads that in
 * the list beside it.
 */
export function AvailabilityCalendar({
  month,
  onMonthChange,
  busy,
  today,
  loading = false,
  onPickDay,
  minDay,
  maxDay,
  selection,
  minMonth,
  maxMonth,
  describedBy,
  'data-testid': testId,
}: AvailabilityCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const weekStart = useMemo(
    () => weekStartFor(language, typeof navigator === 'undefined' ? undefined : navigator.language),
    [language],
  );
  const days = useMemo(() => monthGrid(month, weekStart), [month, weekStart]);
  const title = formatCalendarDate(`${month}-01`, language, { month: 'long', year: 'numeric' });

  return (
    <div className="w-full min-w-0" data-testid={testId} aria-busy={loading}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="iconSm"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={minMonth !== undefined && month <= minMonth}
          aria-label={t('reservations.calendar.previousMonth')}
          data-testid="calendar-previous"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </Button>
        <p
          className="min-w-0 truncate text-sm font-semibold text-slate-900"
          aria-live="polite"
          data-testid="calendar-month"
        >
          {title}
        </p>
        <Button
          variant="ghost"
          size="iconSm"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={maxMonth !== undefined && month >= maxMonth}
          aria-label={t('reservations.calendar.nextMonth')}
          data-testid="calendar-next"
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <div
        role="group"
        aria-label={title}
        aria-describedby={describedBy}
        className="grid grid-cols-7 gap-1 text-center"
      >
        {weekdaysFrom(weekStart).map((day) => (
          <abbr
            key={day}
            title={formatCalendarDate(day, language, { weekday: 'long' })}
            className="pb-1 text-xs font-medium text-slate-500 no-underline"
          >
            {formatCalendarDate(day, language, { weekday: 'narrow' })}
          </abbr>
        ))}
        {days.map((day) => {
          const outside = monthOf(day) !== month;
          const dayBusy = !loading && isBusy(day, busy);
          const pickable =
            onPickDay !== undefined &&
            !outside &&
            !dayBusy &&
            (minDay === undefined || day >= minDay) &&
            (maxDay === undefined || day <= maxDay);
          const chosen = !dayBusy && inSelection(day, selection);
          const end = chosen && (day === selection?.from || day === (selection?.until ?? selection?.from));
          const label = [
            formatCalendarDate(day, language, { dateStyle: 'full' }),
            dayBusy ? t('reservations.calendar.busy') : t('reservations.calendar.free'),
          ].join(', ');
          const classes = cn(
            'flex h-10 min-w-0 items-center justify-center rounded-md text-sm tabular-nums',
            outside && 'invisible',
            dayBusy && 'bg-slate-200 text-slate-600 line-through',
            !dayBusy && !chosen && 'text-slate-900',
            chosen && !end && 'bg-brand-100 text-brand-900',
            end && 'bg-brand-700 text-white',
            day === today && 'ring-2 ring-brand-700 ring-inset',
            pickable && !chosen && 'hover:bg-brand-50',
          );
          const dayNumber = Number(day.slice(8));
          if (outside) {
            return <span key={day} className={classes} aria-hidden="true" data-day={day} />;
          }
          if (onPickDay === undefined) {
            // Plain text, not a control: the words ride along as hidden text, which every screen reader reads.
            return (
              <span key={day} className={classes} data-day={day} data-busy={dayBusy}>
                <span aria-hidden="true">{dayNumber}</span>
                <span className="sr-only">{label}</span>
              </span>
            );
          }
          return (
            <button
              key={day}
              type="button"
              className={classes}
              disabled={!pickable}
              aria-label={label}
              aria-pressed={chosen}
              onClick={() => onPickDay(day)}
              data-day={day}
              data-busy={dayBusy}
            >
              {dayNumber}
            </button>
          );
        })}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm bg-slate-200" />
          {t('reservations.calendar.busy')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm ring-2 ring-brand-700 ring-inset" />
          {t('reservations.calendar.today')}
        </li>
      </ul>
    </div>
  );
}
