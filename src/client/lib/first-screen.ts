/**
 * Whether the first screen is on the display yet (docs/performance.md, client round 3).
 *
 * main.tsx renders the first page once, complete, from what came with the HTML or was
 * asked for before that render (the session check, the page's list, the feedback banner).
 * What its components ask for as they mount (the contacts count, the unread badge, the
 * cards' lending state, the live stream) changes nothing the first screen shows at once;
 * yet those requests went out in the same moment as the first paint, and on a slow
 * connection shared it with the first screen's last bytes (and in Lighthouse's simulation
 * they held the largest paint back, since they had finished before it). From the first
 * render until the browser reports the screen painted, GETs that nothing started earlier
 * wait (lib/api-client.ts) and the live stream waits to open (features/live).
 */

type Phase = 'starting' | 'rendering' | 'shown';

let phase: Phase = 'starting';
let resolveShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  resolveShown = resolve;
});

function markShown(): void {
  phase = 'shown';
  resolveShown();
}

/** However the paint goes unreported (no effect ran, a hidden tab), the waiting ends after this long. */
const SHOWN_AT_THE_LATEST_MS = 2_000;
/** Without a report of the page's largest paint after its render (input stops those reports), after this long. */
const SHOWN_WITHOUT_REPORT_MS = 500;

/** main.tsx: the first page is about to render. */
export function firstScreenRendering(): void {
  if (phase !== 'starting') return;
  phase = 'rendering';
  setTimeout(markShown, SHOWN_AT_THE_LATEST_MS);
}

/**
 * Whether the first page has begun to render but is not on screen yet. Before its render
 * began (the session check, the first page's data, which that render waits for) and ever
 * after the first screen was shown, nothing waits.
 */
export function firstScreenPending(): boolean {
  return phase === 'rendering';
}

/** Resolves once the first screen is shown (at once when it is not pending). */
export function untilFirstScreenShown(): Promise<void> {
  return phase === 'rendering' ? shown : Promise.resolve();
}

/** Runs `callback` once the first screen is shown, at once when it is not pending. Returns a cancel. */
export function whenFirstScreenShown(callback: () => void): () => void {
  if (phase !== 'rendering') {
    callback();
    return () => {};
  }
  let cancelled = false;
  void shown.then(() => {
    if (!cancelled) callback();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * Watches for the first page's paint; App calls it when that page has been committed. The
 * screen counts as shown when the browser reports the next largest paint (the page replacing
 * the static spinner of index.html), or, where browsers report none, two animation frames
 * later (the first callback runs before that frame is painted, the second after it).
 * Returns the clean-up.
 */
export function watchFirstScreen(): () => void {
  if (phase !== 'rendering') return () => {};
  const cleanups: (() => void)[] = [];
  const finish = () => {
    for (const cleanup of cleanups) cleanup();
    markShown();
  };
  const reportsPaints =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  if (reportsPaints) {
    // Not buffered: only a paint after this commit counts, not the spinner's.
    const observer = new PerformanceObserver(finish);
    observer.observe({ type: 'largest-contentful-paint' });
    const timer = setTimeout(finish, SHOWN_WITHOUT_REPORT_MS);
    cleanups.push(
      () => observer.disconnect(),
      () => clearTimeout(timer),
    );
  } else {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(finish);
    });
    cleanups.push(() => cancelAnimationFrame(frame));
  }
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
