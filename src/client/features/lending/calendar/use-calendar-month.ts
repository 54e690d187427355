import { useCallback, useState } from 'react';
import { addMonths, firstDayOf, lastDayOf, monthOf } from './calendar-days';

/**
 * The month a calendar shows and the days to ask the server for: the whole
 * grid month. It starts at `initialDay`'s month (today, or the chosen start).
 */
export function useCalendarMonth(initialDay: string) {
  const [month, setMonth] = useState(() => monthOf(initialDay));
  return {
    month,
    setMonth,
    window: { from: firstDayOf(month), until: lastDayOf(month) },
    showDay: useCallback((day: string) => setMonth(monthOf(day)), []),
    next: useCallback(() => setMonth((current) => addMonths(current, 1)), []),
  };
}
