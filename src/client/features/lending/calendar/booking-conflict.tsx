import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatedPeriod, HoldConflict } from '@/contract/reservations';
import { Button } from '@/client/components/ui/button';
import { formatCalendarDate } from '@/client/lib/format-date';
import { WaitlistControls } from './waitlist-controls';

export interface BookingConflictProps {
  itemId: string;
  /** The days that were refused: "tell me when they are free". */
  asked: DatedPeriod;
  conflict: HoldConflict;
  /** The server's reason (its translation key). */
  messageKey: string;
  onUseSuggestion: (dates: { from: string; until: string }) => void;
}

/**
 * A request refused for busy days (409 with `conflict`, docs/decisions/0047):
 * which days are taken and, when there is one, the nearest free period of
 * the same length, one tap away, and "tell me when these days are free". Shown in the dialog, not as a toast, so
 * the typed message stays in view.
 */
export function BookingConflict({ itemId, asked, conflict, messageKey, onUseSuggestion }: BookingConflictProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const day = (value: string) => formatCalendarDate(value, language);
  const { suggestion } = conflict;
  const box = useRef<HTMLDivElement>(null);
  // The form is taller than a phone: bring the refusal and its suggestion into view, clear of the sticky Send bar.
  // A block body: the effect must return nothing, and newer browsers' scrollIntoView returns a promise.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
  }, [conflict]);
  return (
    <div
      ref={box}
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="borrow-conflict"
    >
      <p className="text-slate-900">{t(messageKey)}</p>
      <p className="text-slate-700">
        {conflict.until === null
          ? t('reservations.conflict.busyFrom', { from: day(conflict.from) })
          : t('reservations.conflict.busy', { from: day(conflict.from), until: day(conflict.until) })}
      </p>
      {suggestion ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onUseSuggestion(suggestion)}
          data-testid="borrow-use-suggestion"
        >
          {t('reservations.conflict.useSuggestion', { from: day(suggestion.from), until: day(suggestion.until) })}
        </Button>
      ) : (
        <p className="text-slate-700">{t('reservations.conflict.noSuggestion')}</p>
      )}
      <WaitlistControls itemId={itemId} days={asked} />
    </div>
  );
}
