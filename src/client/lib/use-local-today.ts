import { useEffect, useState } from 'react';
import { localIsoDate } from './local-date';

/**
 * Today's local calendar date (`YYYY-MM-DD`), which changes at the reader's
 * midnight: a page left open overnight (My Items' Overdue filter) re-renders
 * with the new day instead of keeping the day it was opened on. One timer per
 * user of the hook, set for the next local midnight; a timer that fires early
 * (the clock was changed) just checks again and sets the next one.
 */
export function useLocalToday(): string {
  const [today, setToday] = useState(() => localIsoDate());
  // Bumped by each timer so the effect sets the next one even when the day did not change.
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    const now = new Date();
    const nextMidnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const timer = setTimeout(() => {
      setToday(localIsoDate());
      setChecks((count) => count + 1);
    }, nextMidnight.getTime() - now.getTime());
    return () => clearTimeout(timer);
  }, [checks]);
  return today;
}
