import { lazy, Suspense } from 'react';
import { useToastRequested } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the Radix toast UI on the first toast() call instead of with the
 * first page: most visits never show a toast, and Radix toast is one of the
 * larger pieces of the entry bundle. The store keeps the toast meanwhile.
 */
export function LazyToaster() {
  const requested = useToastRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
