import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** One column on phones, two on tablets, three on wide screens. */
export const ITEM_GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

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
