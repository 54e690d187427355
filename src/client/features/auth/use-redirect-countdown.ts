import { useEffect, useRef, useState } from 'react';

const TICK_MS = 1_000;

/**
 * Counts whole seconds down from `durationMs` and calls `onDone` at the end.
 * Does nothing while `enabled` is false. Returns the seconds left, for display.
 */
export function useRedirectCountdown(enabled: boolean, durationMs: number, onDone: () => void): number {
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(durationMs / TICK_MS));
  const onDoneRef = useRef(onDone);

  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (!enabled) return undefined;
    const deadline = Date.now() + durationMs;
    const interval = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((deadline - Date.now()) / TICK_MS)));
    }, TICK_MS);
    const timeout = window.setTimeout(() => {
      onDoneRef.current();
    }, durationMs);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(timeout);
    };
  }, [enabled, durationMs]);

  return secondsLeft;
}
