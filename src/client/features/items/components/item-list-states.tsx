import type { LucideIcon } from 'lucide-react';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';

/** One column on phones, two on tablets, three on wide screens. */
export const ITEM_GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** The cards a list renders before its first paint: two rows on a wide screen, more than a phone shows. */
export const FIRST_SCREEN_CARDS = 6;

/**
 * How many of a list's `count` cards to render: the first screen's
 * (FIRST_SCREEN_CARDS) until the list has been painted once, then the rest,
 * FIRST_SCREEN_CARDS more after each painted frame, each step a transition
 * (rendered in slices the browser can interrupt), and from then on every
 * card. The first paint of a long list (Available Items: 20 cards, a thousand
 * elements) otherwise waited for every card to render and be laid out, most
 * of them below the fold, and so did the list's first picture, the page's
 * largest paint; and the rest in one step made one long layout task (about
 * 120 ms in Lighthouse's 4× CPU slowdown, docs/performance.md client round
 * 3). The later cards come below the first ones, so nothing on screen moves.
 */
export function useCardsShown(count: number): number {
  const [revealed, setRevealed] = useState(FIRST_SCREEN_CARDS);
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return;
    // Two frames: the first callback runs before the frame that shows the cards so far, the second after it.
    const next = () => {
      if (revealed + FIRST_SCREEN_CARDS >= count) setAll(true);
      else setRevealed(revealed + FIRST_SCREEN_CARDS);
    };
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => startTransition(next));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [all, revealed, count]);
  return all ? count : Math.min(count, revealed);
}

/** Card-shaped placeholders while a list loads; `label` is announced instead. */
export function ItemsLoadingGrid({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="items-loading">
      <span className="sr-only">{label}</span>
      <ul className={ITEM_GRID_CLASSES} aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className="aspect-[4/3] animate-pulse bg-slate-100" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
              <div className="h-9 w-1/2 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ItemsEmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
  'data-testid'?: string;
}

export function ItemsEmptyState({
  icon: Icon,
  title,
  description,
  children,
  'data-testid': testId,
}: ItemsEmptyStateProps) {
  return (
    <div
      className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
      data-testid={testId}
    >
      <Icon className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-700">{description}</p>
      {children}
    </div>
  );
}

export function ItemsLoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
