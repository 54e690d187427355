import { useEffect, useState } from 'react';

/**
 * Whole seconds since `since` (a Date.now() value), counting up once a
 * second while `since` is set; 0 when it is not. The progress message shows
 * it, so a slow analysis reads as working, not as stuck.
 */
export function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    // `now` starts at mount (the progress step mounts when the request starts); a later `since` reads 0 until the tick.
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}
